// <Toaster/>: renders the toast store with Radix Toast (swipe 50 px, hotkey F8, 420 px viewport).
import * as ToastPrimitive from '@radix-ui/react-toast';
import { AlertCircle, CheckCircle2, Info, X } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { useT } from '../../i18n/t.ts';
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX, dismissToast, useToasts, type ToastVariant } from './toast-store.ts';

export { toast, useToast, dismissToast } from './toast-store.ts';
export type { ToastInput, ToastVariant } from './toast-store.ts';

const VARIANT: Record<ToastVariant, string> = {
  default: 'border-border bg-card text-card-foreground',
  success: 'border-success/30 bg-card text-card-foreground',
  destructive: 'border-destructive bg-destructive text-destructive-foreground',
};

function VariantIcon({ variant }: { variant: ToastVariant }) {
  const cls = 'mt-0.5 size-5 shrink-0';
  if (variant === 'destructive') return <AlertCircle aria-hidden="true" className={cls} />;
  if (variant === 'success') return <CheckCircle2 aria-hidden="true" className={cn(cls, 'text-success')} />;
  return <Info aria-hidden="true" className={cn(cls, 'text-primary')} />;
}

export function Toaster() {
  const t = useT();
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeThreshold={TOAST_SWIPE_THRESHOLD_PX} swipeDirection="right">
      {toasts.map((item) => {
        const variant = item.variant ?? 'default';
        return (
          <ToastPrimitive.Root
            key={item.id}
            open={item.open}
            duration={item.duration}
            type={variant === 'destructive' ? 'foreground' : 'background'}
            onOpenChange={(open) => {
              if (!open) dismissToast(item.id);
            }}
            className={cn(
              'hc-border group pointer-events-auto relative flex w-full items-start gap-3 rounded-[12px] border p-4 pe-10 shadow-raised',
              'data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:animate-fade-out',
              VARIANT[variant],
            )}
          >
            <VariantIcon variant={variant} />
            <div className="flex min-w-0 flex-col gap-0.5">
              <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
              {item.description ? <ToastPrimitive.Description className="text-sm opacity-90">{item.description}</ToastPrimitive.Description> : null}
            </div>
            <ToastPrimitive.Close
              aria-label={t('common.dismissNotification')}
              className="absolute end-2 top-2 flex size-8 items-center justify-center rounded-full opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X aria-hidden="true" className="size-4" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      <ToastPrimitive.Viewport
        hotkey={TOAST_HOTKEY}
        // Top centre: forms keep their fields and primary buttons at the bottom and in the middle, and
        // a toast there would cover them (the 2FA code, Create Admin Account, Continue).
        className="fixed left-1/2 top-0 z-[100] flex max-h-screen w-full max-w-[420px] -translate-x-1/2 flex-col gap-2 p-3 outline-none sm:top-2"
      />
    </ToastPrimitive.Provider>
  );
}
