// Scroll area on Radix with a slim scrollbar; pass a height class (e.g. 'h-80').
import * as ScrollPrimitive from '@radix-ui/react-scroll-area';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export function ScrollArea({ className, children, label }: { className?: string; children: ReactNode; label?: string }) {
  return (
    <ScrollPrimitive.Root className={cn('relative overflow-hidden', className)}>
      <ScrollPrimitive.Viewport className="size-full rounded-[inherit]" tabIndex={0} aria-label={label}>
        {children}
      </ScrollPrimitive.Viewport>
      <ScrollPrimitive.Scrollbar orientation="vertical" className="flex w-2 touch-none select-none p-0.5">
        <ScrollPrimitive.Thumb className="relative flex-1 rounded-full bg-border" />
      </ScrollPrimitive.Scrollbar>
    </ScrollPrimitive.Root>
  );
}
