// Accessibility Settings dialog (spec section 2): high contrast, font size, reduced motion, enhanced
// focus, keyboard help, Reset to Defaults and Apply Settings. Changes apply and save immediately;
// Apply only closes. Mounted once at the root; renders only while open.
import { Contrast, Eye, Keyboard, RotateCcw, Type, Wind } from 'lucide-react';
import type { ReactNode } from 'react';
import { FONT_SIZE_LABELS, useAccessibility, type FontSize } from '../lib/accessibility.tsx';
import { Badge } from './ui/badge.tsx';
import { Button } from './ui/button.tsx';
import { DialogContent, DialogDescription, DialogRoot, DialogTitle } from './ui/dialog.tsx';
import { Field } from './ui/field.tsx';
import { Select } from './ui/select.tsx';
import { SwitchRow } from './ui/switch.tsx';

function Section({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="hc-border flex flex-col gap-3 rounded-[12px] border border-border p-4">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <span className="flex size-7 items-center justify-center rounded-[8px] bg-primary-soft text-primary-soft-foreground">{icon}</span>
        {title}
      </h3>
      {children}
    </section>
  );
}

const onOff = (v: boolean) => (v ? 'On' : 'Off');

export function AccessibilityDialog() {
  const a = useAccessibility();
  if (!a.isSettingsOpen) return null;
  return (
    <DialogRoot open onOpenChange={a.setSettingsOpen}>
      <DialogContent flush className="max-w-xl">
        <div className="shrink-0 border-b border-border px-6 pb-4 pr-14 pt-6">
          <DialogTitle className="flex items-center gap-2 text-lg font-semibold tracking-tight">
            Accessibility Settings <Badge tone="solid">Enhanced</Badge>
          </DialogTitle>
          <DialogDescription className="mt-1 text-sm text-muted-foreground">Customize your viewing experience for better accessibility and comfort.</DialogDescription>
        </div>
        <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-6 py-5">
          <Section icon={<Contrast aria-hidden="true" className="size-4" />} title="High Contrast Mode">
            <SwitchRow label="Enable High Contrast" description="Black, white and yellow colours for maximum readability." checked={a.highContrast} onCheckedChange={a.toggleHighContrast} />
            {a.highContrast ? (
              <p role="status" className="hc-border rounded-[10px] bg-success-soft px-3 py-2 text-sm font-medium text-success-soft-foreground">
                High contrast mode is active.
              </p>
            ) : null}
          </Section>
          <Section icon={<Type aria-hidden="true" className="size-4" />} title="Font Size">
            <Field label="Text size" hideLabel>
              <Select
                aria-label="Font size"
                value={a.fontSize}
                onValueChange={(v) => a.setFontSize(v as FontSize)}
                options={(Object.keys(FONT_SIZE_LABELS) as FontSize[]).map((k) => ({ value: k, label: FONT_SIZE_LABELS[k] }))}
              />
            </Field>
            <p className="rounded-[10px] bg-muted px-3 py-2 text-muted-foreground">
              <span className="font-semibold text-foreground">Preview:</span> This is how text will appear. ₹400 credited for every referral.
            </p>
          </Section>
          <Section icon={<Wind aria-hidden="true" className="size-4" />} title="Motion & Animation">
            <SwitchRow label="Reduce Motion" description="Turns off movement and animations." checked={a.reducedMotion} onCheckedChange={a.toggleReducedMotion} />
          </Section>
          <Section icon={<Eye aria-hidden="true" className="size-4" />} title="Screen Reader Support">
            <SwitchRow label="Enhanced Focus Mode" description="Adds clearly visible focus indicators for keyboard and screen reader users." checked={a.screenReader} onCheckedChange={a.toggleScreenReader} />
          </Section>
          <section className="hc-border rounded-[12px] bg-primary-soft p-4 text-primary-soft-foreground">
            <h3 className="mb-2 flex items-center gap-2 text-sm font-semibold">
              <Keyboard aria-hidden="true" className="size-4" /> Keyboard Navigation
            </h3>
            <ul className="grid grid-cols-1 gap-1.5 text-sm sm:grid-cols-2">
              <li><kbd className="rounded border border-current px-1.5 font-mono text-xs">Tab</kbd> navigates between elements</li>
              <li><kbd className="rounded border border-current px-1.5 font-mono text-xs">Enter</kbd> activates buttons and links</li>
              <li><kbd className="rounded border border-current px-1.5 font-mono text-xs">Space</kbd> toggles switches</li>
              <li><kbd className="rounded border border-current px-1.5 font-mono text-xs">Esc</kbd> closes dialogs</li>
            </ul>
          </section>
          <p className="text-xs text-muted-foreground" aria-live="polite">
            Current settings: High contrast {onOff(a.highContrast)} · Font size {FONT_SIZE_LABELS[a.fontSize]} · Reduce motion {onOff(a.reducedMotion)} · Enhanced focus {onOff(a.screenReader)}
          </p>
        </div>
        <div className="flex shrink-0 flex-col-reverse gap-2 border-t border-border px-6 py-4 sm:flex-row sm:justify-between">
          <Button variant="outline" onClick={a.resetToDefaults}>
            <RotateCcw aria-hidden="true" className="size-4" /> Reset to Defaults
          </Button>
          <Button onClick={() => a.setSettingsOpen(false)}>Apply Settings</Button>
        </div>
      </DialogContent>
    </DialogRoot>
  );
}
