// Tabs on Radix: Tabs (Root), TabsList, TabsTrigger, TabsContent; a segmented-control look.
import * as TabsPrimitive from '@radix-ui/react-tabs';
import { cn } from '../../lib/cn.ts';

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: React.ComponentPropsWithoutRef<typeof TabsPrimitive.List>) {
  return <TabsPrimitive.List className={cn('hc-border inline-flex h-11 w-full items-center gap-1 overflow-x-auto rounded-[10px] bg-muted p-1 sm:w-auto', className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: React.ComponentPropsWithoutRef<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex h-9 flex-1 items-center justify-center gap-1.5 whitespace-nowrap rounded-[8px] px-3 text-sm font-medium text-muted-foreground transition-colors sm:flex-none',
        'hover:text-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-card focus-visible:outline-2 focus-visible:outline-ring',
        'high-contrast:data-[state=active]:bg-primary high-contrast:data-[state=active]:text-primary-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: React.ComponentPropsWithoutRef<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('mt-4 focus-visible:outline-2 focus-visible:outline-ring', className)} {...props} />;
}
