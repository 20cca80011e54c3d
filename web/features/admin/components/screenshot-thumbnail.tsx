// A screenshot thumbnail that opens the full image in a dialog. Images load through the kit's
// AuthenticatedImage (bearer token, loading and red error placeholders).
import { useState } from 'react';
import { ZoomIn } from 'lucide-react';
import { AuthenticatedImage } from '../../../components/ui/authenticated-image.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useT } from '../../../i18n/t.ts';

export function ScreenshotThumbnail({ url, alt, title }: { url: string; alt: string; title: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="group relative block size-12 shrink-0 overflow-hidden rounded-[8px] border border-border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        aria-label={t('admin.common.enlarge', { image: alt })}
      >
        <AuthenticatedImage src={url} alt={alt} className="size-full rounded-[8px] bg-muted object-cover" />
        <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center bg-slate-950/0 text-white opacity-0 transition group-hover:bg-slate-950/40 group-hover:opacity-100">
          <ZoomIn className="size-4" />
        </span>
      </button>
      {open ? (
        <Dialog open onOpenChange={setOpen} title={title} className="max-w-2xl">
          <AuthenticatedImage src={url} alt={alt} className="max-h-[70vh] min-h-48 w-full rounded-[8px] object-contain" />
        </Dialog>
      ) : null}
    </>
  );
}
