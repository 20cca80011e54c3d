// QR display: shows a server-rendered QR image (data URL) on a white tile (scannable in any theme),
// with a skeleton while loading and a caption.
import type { ReactNode } from 'react';
import { QrCode } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { Skeleton } from './skeleton.tsx';
import { useT } from '../../i18n/t.ts';

export interface QrDisplayProps {
  /** PNG/SVG data URL or image URL; null/undefined shows the loading or empty state. */
  src: string | null | undefined;
  /** Alt text, e.g. 'UPI QR code to pay ₹500 to Referral Hub'. */
  alt: string;
  loading?: boolean;
  caption?: ReactNode;
  /** Pixel size of the code; 224 is comfortably scannable from another phone. */
  size?: number;
  className?: string;
}

export function QrDisplay({ src, alt, loading, caption, size = 224, className }: QrDisplayProps) {
  const t = useT();
  return (
    <figure className={cn('flex flex-col items-center gap-3', className)}>
      <div className="rounded-[16px] border border-border bg-white p-3 shadow-card" style={{ width: size + 26, height: size + 26 }}>
        {src ? (
          <img src={src} alt={alt} width={size} height={size} className="block size-full [image-rendering:pixelated]" />
        ) : loading ? (
          <Skeleton className="size-full" />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-2 text-slate-500">
            <QrCode aria-hidden="true" className="size-10" />
            <span className="text-xs">{t('common.qrUnavailable')}</span>
          </div>
        )}
      </div>
      {caption ? <figcaption className="text-center text-sm text-muted-foreground">{caption}</figcaption> : null}
    </figure>
  );
}
