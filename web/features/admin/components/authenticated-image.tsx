// Screenshot viewer: fetches the image with the bearer token into a blob URL, shows a skeleton
// while loading and a red placeholder on error; a click enlarges it in a dialog.
import { useEffect, useState } from 'react';
import { ImageOff, ZoomIn } from 'lucide-react';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { fetchImageBlob } from '../api.ts';

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; src: string };

/** Loads `url` as an object URL for as long as the component is mounted. */
export function useAuthenticatedImage(url: string | null): State {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    if (!url) {
      setState({ status: 'error' });
      return;
    }
    const ctrl = new AbortController();
    let objectUrl: string | null = null;
    setState({ status: 'loading' });
    fetchImageBlob(url, ctrl.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ status: 'ready', src: objectUrl });
      })
      .catch(() => {
        if (!ctrl.signal.aborted) setState({ status: 'error' });
      });
    return () => {
      ctrl.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return state;
}

export interface AuthenticatedImageProps {
  url: string;
  alt: string;
  className?: string;
}

export function AuthenticatedImage({ url, alt, className }: AuthenticatedImageProps) {
  const image = useAuthenticatedImage(url);
  if (image.status === 'loading')
    return (
      <div role="status" className={cn('overflow-hidden rounded-[8px]', className)}>
        <span className="sr-only">Loading screenshot</span>
        <Skeleton className="size-full" />
      </div>
    );
  if (image.status === 'error')
    return (
      <div role="img" aria-label={`${alt} could not be loaded`} className={cn('flex flex-col items-center justify-center gap-1 rounded-[8px] border border-destructive bg-destructive-soft p-1 text-destructive-soft-foreground', className)}>
        <ImageOff aria-hidden="true" className="size-5" />
        <span className="text-[11px] font-semibold leading-tight">Failed to load</span>
      </div>
    );
  return <img src={image.src} alt={alt} className={cn('rounded-[8px] bg-muted object-cover', className)} />;
}

/** A thumbnail button that opens the full screenshot in a dialog. */
export function ScreenshotThumbnail({ url, alt, title }: { url: string; alt: string; title: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="group relative block size-12 shrink-0 overflow-hidden rounded-[8px] border border-border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        aria-label={`Enlarge ${alt}`}
      >
        <AuthenticatedImage url={url} alt={alt} className="size-full" />
        <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center bg-slate-950/0 text-white opacity-0 transition group-hover:bg-slate-950/40 group-hover:opacity-100">
          <ZoomIn className="size-4" />
        </span>
      </button>
      {open ? (
        <Dialog open onOpenChange={setOpen} title={title} className="max-w-2xl">
          <AuthenticatedImage url={url} alt={alt} className="max-h-[70vh] min-h-48 w-full object-contain" />
        </Dialog>
      ) : null}
    </>
  );
}
