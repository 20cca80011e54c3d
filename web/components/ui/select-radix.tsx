// The Select's Radix half (select.tsx loads it when the control is first reached for): the trigger,
// the list and its keyboard handling. `defaultOpen` opens it at once, for the press that loaded it.
import * as SelectPrimitive from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { useFieldControl } from './field.tsx';

import { TRIGGER_CLASSES, type SelectProps } from './select.tsx';

export default function RadixSelect({ value, defaultValue, onValueChange, options, placeholder, disabled, id, name, className, defaultOpen, autoFocus, ...rest }: SelectProps & { defaultOpen?: boolean; autoFocus?: boolean }) {
  const field = useFieldControl({ id });
  return (
    <SelectPrimitive.Root value={value} defaultValue={defaultValue} onValueChange={onValueChange} disabled={disabled} name={name} defaultOpen={defaultOpen}>
      <SelectPrimitive.Trigger {...field} autoFocus={autoFocus} aria-label={rest['aria-label']} className={cn(TRIGGER_CLASSES, className)}>
        <SelectPrimitive.Value placeholder={placeholder} />
        <SelectPrimitive.Icon>
          <ChevronDown aria-hidden="true" className="size-4 text-muted-foreground" />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={6}
          className="hc-border z-[60] max-h-72 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-[10px] border border-border bg-card text-card-foreground shadow-raised data-[state=open]:animate-fade-in"
        >
          <SelectPrimitive.Viewport className="p-1">
            {options.map((o) => (
              <SelectPrimitive.Item
                key={o.value}
                value={o.value}
                disabled={o.disabled}
                className="relative flex h-10 cursor-pointer select-none items-center rounded-[8px] ps-8 pe-3 text-sm outline-none data-[disabled]:opacity-50 data-[highlighted]:bg-muted"
              >
                <SelectPrimitive.ItemIndicator className="absolute start-2 inline-flex">
                  <Check aria-hidden="true" className="size-4 text-primary" />
                </SelectPrimitive.ItemIndicator>
                <SelectPrimitive.ItemText>{o.label}</SelectPrimitive.ItemText>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}
