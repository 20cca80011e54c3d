// Dialog on Radix: centred modal with overlay, title (required for a11y), optional description,
// close button. <Dialog open onOpenChange title description footer>{body}</Dialog>, or the parts.
import type { ReactNode } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { useT } from '../../i18n/t.ts';

export const DialogRoot = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;
export const DialogTitle = DialogPrimitive.Title;
export const DialogDescription = DialogPrimitive.Description;

export function DialogOverlay({ className, ...props }: React.ComponentPropsWithoutRef<typeof DialogPrimitive.Overlay>) {
  return <DialogPrimitive.Overlay className={cn('fixed inset-0 z-50 bg-slate-950/55 backdrop-blur-[2px] data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out', className)} {...props} />;
}

export interface DialogContentProps extends React.ComponentPropsWithoutRef<typeof DialogPrimitive.Content> {
  hideClose?: boolean;
  /** No padding and no scrolling on the panel: the children lay out header / scrolling body / footer. */
  flush?: boolean;
}

export function DialogContent({ className, children, hideClose, flush, ...props }: DialogContentProps) {
  const t = useT();
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          'hc-border fixed left-1/2 top-1/2 z-50 flex max-h-[calc(var(--vh,1vh)*92)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col',
          'rounded-[16px] border border-border bg-card text-card-foreground shadow-raised data-[state=open]:animate-pop-in focus:outline-none',
          flush ? 'overflow-hidden' : 'overflow-y-auto p-6',
          className,
        )}
        {...props}
      >
        {children}
        {hideClose ? null : (
          <DialogPrimitive.Close className="absolute end-3 top-3 flex size-9 items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">{t('common.close')}</span>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export interface DialogProps {
  open?: boolean;
  onOpenChange?(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  footer?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** A question that must be answered with the footer's buttons: no close button. */
  hideClose?: boolean;
}

export function Dialog({ open, onOpenChange, title, description, footer, children, className, hideClose }: DialogProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className} hideClose={hideClose} aria-describedby={description ? undefined : undefined}>
        <div className="mb-4 flex flex-col gap-1 pe-8">
          <DialogPrimitive.Title className="text-lg font-semibold tracking-tight">{title}</DialogPrimitive.Title>
          {description ? <DialogPrimitive.Description className="text-sm text-muted-foreground">{description}</DialogPrimitive.Description> : null}
        </div>
        {children}
        {footer ? <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div> : null}
      </DialogContent>
    </DialogPrimitive.Root>
  );
}
