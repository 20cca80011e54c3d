// Authenticated image viewer: loads an image with the bearer token (GET through the API client) into
// a blob URL, with a skeleton while loading and a red placeholder when the load fails.
import { useEffect, useState, type ImgHTMLAttributes } from 'react';
import { ImageOff } from 'lucide-react';
import { apiRequest } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { useT } from '../../i18n/t.ts';

export interface AuthenticatedImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'> {
  /** API URL of the image (sent with the bearer token). */
  src: string;
  alt: string;
  /** Classes of the loading / error placeholders (give them the image's size). */
  placeholderClassName?: string;
}

type State = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'error' };

export function AuthenticatedImage({ src, alt, className, placeholderClassName, ...props }: AuthenticatedImageProps) {
  const t = useT();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setState({ status: 'loading' });
    apiRequest('GET', src, { signal: controller.signal })
      .then((res) => res.blob())
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ status: 'ready', url: objectUrl });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src]);

  if (state.status === 'loading') {
    return (
      <div
        role="img"
        aria-label={t('common.image.loading', { name: alt })}
        aria-busy="true"
        className={cn('animate-shimmer rounded-[10px] bg-muted', placeholderClassName ?? className)}
      />
    );
  }
  if (state.status === 'error') {
    return (
      <div
        role="img"
        aria-label={t('common.image.failed', { name: alt })}
        className={cn(
          'hc-border flex flex-col items-center justify-center gap-1 rounded-[10px] border border-destructive/40 bg-destructive-soft p-2 text-center text-xs font-medium text-destructive-soft-foreground',
          placeholderClassName ?? className,
        )}
      >
        <ImageOff aria-hidden="true" className="size-5" />
        <span>{t('common.image.failedScreenshot')}</span>
      </div>
    );
  }
  return <img src={state.url} alt={alt} className={className} {...props} />;
}
