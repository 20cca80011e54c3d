// Sheet: a drawer on Radix Dialog, from the left (navigation), right, or bottom (mobile actions).
import type { ReactNode } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { DialogOverlay } from './dialog.tsx';
import { useT } from '../../i18n/t.ts';

export type SheetSide = 'left' | 'right' | 'bottom';

const SIDES: Record<SheetSide, string> = {
  left: 'inset-y-0 start-0 h-full w-[min(20rem,86vw)] border-e data-[state=open]:animate-slide-left',
  right: 'inset-y-0 end-0 h-full w-[min(20rem,86vw)] border-s data-[state=open]:animate-slide-right',
  bottom: 'inset-x-0 bottom-0 max-h-[85vh] rounded-t-[20px] border-t data-[state=open]:animate-slide-up',
};

export interface SheetProps {
  open?: boolean;
  onOpenChange?(open: boolean): void;
  side?: SheetSide;
  title: ReactNode;
  /** Hide the visible title (still announced). */
  hideTitle?: boolean;
  description?: ReactNode;
  trigger?: ReactNode;
  children?: ReactNode;
  className?: string;
}

export function Sheet({ open, onOpenChange, side = 'left', title, hideTitle, description, trigger, children, className }: SheetProps) {
  const t = useT();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger> : null}
      <DialogPrimitive.Portal>
        <DialogOverlay />
        <DialogPrimitive.Content
          aria-describedby={description ? undefined : undefined}
          className={cn('hc-border fixed z-50 flex flex-col overflow-y-auto border-border bg-card text-card-foreground shadow-raised focus:outline-none', SIDES[side], className)}
        >
          <div className={cn('flex items-center justify-between gap-2 px-5 pb-2 pt-5', hideTitle && 'sr-only')}>
            <DialogPrimitive.Title className="text-base font-semibold">{title}</DialogPrimitive.Title>
          </div>
          {description ? <DialogPrimitive.Description className="px-5 text-sm text-muted-foreground">{description}</DialogPrimitive.Description> : null}
          {children}
          <DialogPrimitive.Close className="absolute end-3 top-3 flex size-9 items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">{t('common.close')}</span>
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
