// Select: <Select value onValueChange options={[{value,label}]} placeholder />; Field-aware trigger.
// The list, its keyboard handling and positioning are Radix's (select-radix.tsx, about 28 KB gzip
// with the parts it brings), which a screen showing a Select does not need until someone reaches
// for it. Until then the trigger is drawn here, the same button Radix draws (a collapsed combobox
// showing the chosen label): pointing at it or focusing it fetches Radix, which then takes its
// place, focused if it was; pressing it (mouse, touch, Enter, Space or an arrow key) opens the list
// as soon as Radix is there.
import { useRef, useState, type KeyboardEvent } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { preloadable } from '../../lib/preloadable.ts';
import { useFieldControl } from './field.tsx';
import { controlClasses } from './input.tsx';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps {
  value?: string;
  defaultValue?: string;
  onValueChange?(value: string): void;
  options: SelectOption[];
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  name?: string;
  className?: string;
  'aria-label'?: string;
}

export const TRIGGER_CLASSES = cn(controlClasses, 'flex h-11 items-center justify-between gap-2 text-start');

const RadixSelect = preloadable<SelectProps & { defaultOpen?: boolean; autoFocus?: boolean }>(() => import('./select-radix.tsx'));

/** Keys that open a combobox (as Radix's trigger opens on them). */
const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

export function Select(props: SelectProps) {
  const { value, defaultValue, options, placeholder, disabled, id, name, className } = props;
  const field = useFieldControl({ id });
  const trigger = useRef<HTMLButtonElement>(null);
  // Radix is on screen once loaded; `open` is a press that came first, `focused` where focus was.
  const [ready, setReady] = useState<{ open: boolean; focused: boolean } | null>(null);
  const pressed = useRef(false);
  const load = () => {
    void RadixSelect.preload().then(
      () => setReady({ open: pressed.current, focused: document.activeElement === trigger.current }),
      // Offline: the next reach tries again.
      () => undefined,
    );
  };
  const press = () => {
    pressed.current = true;
    load();
  };

  if (ready) return <RadixSelect {...props} defaultOpen={ready.open} autoFocus={ready.focused || ready.open} />;

  const chosen = options.find((o) => o.value === (value ?? defaultValue));
  return (
    <>
      <button
        ref={trigger}
        type="button"
        role="combobox"
        aria-expanded={false}
        aria-autocomplete="none"
        aria-label={props['aria-label']}
        {...field}
        disabled={disabled}
        data-state="closed"
        data-placeholder={chosen ? undefined : ''}
        className={cn(TRIGGER_CLASSES, className)}
        onPointerEnter={load}
        onFocus={load}
        onTouchStart={load}
        onPointerDown={(event) => {
          // A mouse opens on press, as Radix does; touch and keys open on the click that follows.
          if (event.pointerType === 'mouse' && event.button === 0) {
            event.preventDefault();
            trigger.current?.focus();
            press();
          }
        }}
        onClick={press}
        onKeyDown={(event: KeyboardEvent) => {
          if (!OPEN_KEYS.has(event.key)) return;
          event.preventDefault();
          press();
        }}
      >
        <span style={{ pointerEvents: 'none' }}>{chosen?.label ?? placeholder}</span>
        <span aria-hidden="true">
          <ChevronDown aria-hidden="true" className="size-4 text-muted-foreground" />
        </span>
      </button>
      {name ? <input type="hidden" name={name} value={value ?? defaultValue ?? ''} /> : null}
    </>
  );
}
