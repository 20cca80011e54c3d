// Accessibility preferences (spec sections 2 and 4): one localStorage key each, applied as classes on
// <html>. Reduced motion follows the system until the person saves a choice. Also owns whether the
// Accessibility Settings dialog is open, so any screen can open it.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { MessageKey } from '../i18n/t.ts';

export type FontSize = 'normal' | 'large' | 'extra-large';

export const A11Y_KEYS = {
  highContrast: 'accessibility-high-contrast',
  fontSize: 'accessibility-font-size',
  reducedMotion: 'accessibility-reduced-motion',
  screenReader: 'accessibility-screen-reader',
} as const;

/** Message keys of the font sizes' names (translated where shown). */
export const FONT_SIZE_LABELS: Record<FontSize, MessageKey> = {
  normal: 'layout.a11y.fontSizes.normal',
  large: 'layout.a11y.fontSizes.large',
  'extra-large': 'layout.a11y.fontSizes.extraLarge',
};

export interface AccessibilityPrefs {
  highContrast: boolean;
  fontSize: FontSize;
  reducedMotion: boolean;
  screenReader: boolean;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Unavailable storage: the preference lasts for this page only.
  }
}

function systemReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function isFontSize(v: string | null): v is FontSize {
  return v === 'normal' || v === 'large' || v === 'extra-large';
}

export function readStoredPrefs(): AccessibilityPrefs {
  const fs = read(A11Y_KEYS.fontSize);
  const rm = read(A11Y_KEYS.reducedMotion);
  return {
    highContrast: read(A11Y_KEYS.highContrast) === 'true',
    fontSize: isFontSize(fs) ? fs : 'normal',
    reducedMotion: rm === null ? systemReducedMotion() : rm === 'true',
    screenReader: read(A11Y_KEYS.screenReader) === 'true',
  };
}

export function applyPrefs(p: AccessibilityPrefs): void {
  const root = document.documentElement;
  root.classList.toggle('high-contrast', p.highContrast);
  root.classList.toggle('font-large', p.fontSize === 'large');
  root.classList.toggle('font-extra-large', p.fontSize === 'extra-large');
  root.classList.toggle('reduce-motion', p.reducedMotion);
  root.classList.toggle('enhanced-focus', p.screenReader);
}

export interface AccessibilityContextValue extends AccessibilityPrefs {
  toggleHighContrast(): void;
  setFontSize(size: FontSize): void;
  toggleReducedMotion(): void;
  toggleScreenReader(): void;
  resetToDefaults(): void;
  isSettingsOpen: boolean;
  setSettingsOpen(open: boolean): void;
}

const AccessibilityContext = createContext<AccessibilityContextValue | null>(null);

export function AccessibilityProvider({ children }: { children: ReactNode }) {
  const [prefs, setPrefs] = useState<AccessibilityPrefs>(readStoredPrefs);
  const [isSettingsOpen, setSettingsOpen] = useState(false);

  useEffect(() => applyPrefs(prefs), [prefs]);

  // Follow the system reduced-motion setting until the person saves a choice.
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const mq = window.matchMedia('(prefers-reduced-motion: reduce)');
    const onChange = (e: MediaQueryListEvent) => {
      if (read(A11Y_KEYS.reducedMotion) === null) setPrefs((p) => ({ ...p, reducedMotion: e.matches }));
    };
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);

  const update = useCallback((patch: Partial<AccessibilityPrefs>) => {
    setPrefs((p) => {
      const next = { ...p, ...patch };
      if ('highContrast' in patch) write(A11Y_KEYS.highContrast, String(next.highContrast));
      if ('fontSize' in patch) write(A11Y_KEYS.fontSize, next.fontSize);
      if ('reducedMotion' in patch) write(A11Y_KEYS.reducedMotion, String(next.reducedMotion));
      if ('screenReader' in patch) write(A11Y_KEYS.screenReader, String(next.screenReader));
      return next;
    });
  }, []);

  const value = useMemo<AccessibilityContextValue>(
    () => ({
      ...prefs,
      toggleHighContrast: () => update({ highContrast: !prefs.highContrast }),
      setFontSize: (fontSize) => update({ fontSize }),
      toggleReducedMotion: () => update({ reducedMotion: !prefs.reducedMotion }),
      toggleScreenReader: () => update({ screenReader: !prefs.screenReader }),
      resetToDefaults: () => update({ highContrast: false, fontSize: 'normal', reducedMotion: systemReducedMotion(), screenReader: false }),
      isSettingsOpen,
      setSettingsOpen,
    }),
    [prefs, update, isSettingsOpen],
  );

  return <AccessibilityContext.Provider value={value}>{children}</AccessibilityContext.Provider>;
}

export function useAccessibility(): AccessibilityContextValue {
  const ctx = useContext(AccessibilityContext);
  if (!ctx) throw new Error('useAccessibility must be used within an AccessibilityProvider');
  return ctx;
}
