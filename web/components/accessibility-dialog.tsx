// Accessibility Settings dialog (spec section 2): language, high contrast, font size, reduced motion,
// enhanced focus, keyboard help, Reset to Defaults and Apply Settings. Changes apply and save immediately;
// Apply only closes. Mounted once at the root; renders only while open.
import { Contrast, Eye, Keyboard, Languages, RotateCcw, Type, Wind } from 'lucide-react';
import type { ReactNode } from 'react';
import { FONT_SIZE_LABELS, useAccessibility, type FontSize } from '../lib/accessibility.tsx';
import { useT, type Translate } from '../i18n/t.ts';
import { LanguageSwitch } from './language-switch.tsx';
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

const onOff = (t: Translate, v: boolean) => (v ? t('layout.a11y.on') : t('layout.a11y.off'));

export function AccessibilityDialog() {
  const t = useT();
  const a = useAccessibility();
  if (!a.isSettingsOpen) return null;
  return (
    <DialogRoot open onOpenChange={a.setSettingsOpen}>
      <DialogContent flush className="max-w-xl">
        <div className="shrink-0 border-b border-border px-6 pb-4 pe-14 pt-6">
          <DialogTitle className="flex items-center gap-2 text-lg font-semibold tracking-tight">
            {t('layout.a11y.title')} <Badge tone="solid">{t('layout.a11y.badge')}</Badge>
          </DialogTitle>
          <DialogDescription className="mt-1 text-sm text-muted-foreground">{t('layout.a11y.description')}</DialogDescription>
        </div>
        <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-6 py-5">
          <Section icon={<Languages aria-hidden="true" className="size-4" />} title={t('layout.a11y.language.title')}>
            <LanguageSwitch showLabel />
          </Section>
          <Section icon={<Contrast aria-hidden="true" className="size-4" />} title={t('layout.a11y.contrast.title')}>
            <SwitchRow label={t('layout.a11y.contrast.label')} description={t('layout.a11y.contrast.description')} checked={a.highContrast} onCheckedChange={a.toggleHighContrast} />
            {a.highContrast ? (
              <p role="status" className="hc-border rounded-[10px] bg-success-soft px-3 py-2 text-sm font-medium text-success-soft-foreground">
                {t('layout.a11y.contrast.active')}
              </p>
            ) : null}
          </Section>
          <Section icon={<Type aria-hidden="true" className="size-4" />} title={t('layout.a11y.fontSize.title')}>
            <Field label={t('layout.a11y.fontSize.label')} hideLabel>
              <Select
                aria-label={t('layout.a11y.fontSize.selectLabel')}
                value={a.fontSize}
                onValueChange={(v) => a.setFontSize(v as FontSize)}
                options={(Object.keys(FONT_SIZE_LABELS) as FontSize[]).map((k) => ({ value: k, label: t(FONT_SIZE_LABELS[k]) }))}
              />
            </Field>
            <p className="rounded-[10px] bg-muted px-3 py-2 text-muted-foreground">
              <span className="font-semibold text-foreground">{t('layout.a11y.fontSize.previewLabel')}</span> {t('layout.a11y.fontSize.previewText')}
            </p>
          </Section>
          <Section icon={<Wind aria-hidden="true" className="size-4" />} title={t('layout.a11y.motion.title')}>
            <SwitchRow label={t('layout.a11y.motion.label')} description={t('layout.a11y.motion.description')} checked={a.reducedMotion} onCheckedChange={a.toggleReducedMotion} />
          </Section>
          <Section icon={<Eye aria-hidden="true" className="size-4" />} title={t('layout.a11y.focus.title')}>
            <SwitchRow label={t('layout.a11y.focus.label')} description={t('layout.a11y.focus.description')} checked={a.screenReader} onCheckedChange={a.toggleScreenReader} />
          </Section>
          <section className="hc-border rounded-[12px] bg-primary-soft p-4 text-primary-soft-foreground">
            <h3 className="mb-2 flex items-center gap-2 text-sm font-semibold">
              <Keyboard aria-hidden="true" className="size-4" /> {t('layout.a11y.keyboard.title')}
            </h3>
            <ul className="grid grid-cols-1 gap-1.5 text-sm sm:grid-cols-2">
              <li><kbd className="rounded border border-current px-1.5 font-mono text-xs">Tab</kbd> {t('layout.a11y.keyboard.tab')}</li>
              <li><kbd className="rounded border border-current px-1.5 font-mono text-xs">Enter</kbd> {t('layout.a11y.keyboard.enter')}</li>
              <li><kbd className="rounded border border-current px-1.5 font-mono text-xs">Space</kbd> {t('layout.a11y.keyboard.space')}</li>
              <li><kbd className="rounded border border-current px-1.5 font-mono text-xs">Esc</kbd> {t('layout.a11y.keyboard.esc')}</li>
            </ul>
          </section>
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {t('layout.a11y.summary', {
              highContrast: onOff(t, a.highContrast),
              fontSize: t(FONT_SIZE_LABELS[a.fontSize]),
              reducedMotion: onOff(t, a.reducedMotion),
              enhancedFocus: onOff(t, a.screenReader),
            })}
          </p>
        </div>
        <div className="flex shrink-0 flex-col-reverse gap-2 border-t border-border px-6 py-4 sm:flex-row sm:justify-between">
          <Button variant="outline" onClick={a.resetToDefaults}>
            <RotateCcw aria-hidden="true" className="size-4" /> {t('layout.a11y.reset')}
          </Button>
          <Button onClick={() => a.setSettingsOpen(false)}>{t('layout.a11y.apply')}</Button>
        </div>
      </DialogContent>
    </DialogRoot>
  );
}
