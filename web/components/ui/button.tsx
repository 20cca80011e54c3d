// Button: the one clickable control. Variants primary/secondary/outline/ghost/destructive/success,
// sizes sm/md/lg/icon, a loading state (spinner, disabled, aria-busy) and asChild (Radix Slot) for links.
import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Slot } from '@radix-ui/react-slot';
import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive' | 'success' | 'link' | 'inverse' | 'glass';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover',
  secondary: 'bg-secondary text-secondary-foreground hover:brightness-95',
  outline: 'border border-input bg-card text-foreground hover:bg-muted',
  ghost: 'text-foreground hover:bg-muted',
  destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:brightness-95',
  success: 'bg-success text-success-foreground shadow-sm hover:brightness-95',
  link: 'text-primary underline-offset-4 hover:underline px-0 h-auto',
  /** On the hero gradient: white button with primary text. */
  inverse: 'bg-white text-primary shadow-sm hover:bg-white/90 high-contrast:bg-primary high-contrast:text-primary-foreground',
  /** On the hero gradient: translucent outline button. */
  glass: 'border border-white/40 bg-white/10 text-hero-foreground hover:bg-white/20 high-contrast:border-white',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm gap-1.5',
  md: 'h-11 px-4 text-[0.9375rem] gap-2',
  lg: 'h-12 px-6 text-base gap-2',
  icon: 'size-10 shrink-0',
};

export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string): string {
  return cn(
    'inline-flex select-none items-center justify-center whitespace-nowrap rounded-[10px] font-semibold transition-[background-color,filter,transform,opacity] duration-150 ease-out',
    'active:scale-[0.98] disabled:pointer-events-none disabled:opacity-55 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
    VARIANTS[variant],
    variant === 'link' ? '' : SIZES[size],
    className,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, disables the button and sets aria-busy. */
  loading?: boolean;
  /** Text announced/shown while loading (defaults to the children). */
  loadingText?: string;
  /** Render the single child (e.g. a router Link) with button styling. */
  asChild?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', loading = false, loadingText, asChild = false, className, disabled, children, type, ...props },
  ref,
) {
  const classes = buttonClasses(variant, size, className);
  if (asChild) {
    return (
      <Slot ref={ref} className={classes} {...props}>
        {children}
      </Slot>
    );
  }
  return (
    <button ref={ref} type={type ?? 'button'} className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...props}>
      {loading ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
      {loading && loadingText ? loadingText : children}
    </button>
  );
});
