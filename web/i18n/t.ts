// Translating in components (`const t = useT(); t('wallet.withdraw.title')`) and outside them
// (`t(...)` reads the active language; components re-render on a switch through useT).
import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import { i18n } from '@lingui/core';
import type { MessageKey } from './keys.ts';

export type { MessageKey };
/** Values for a message's `{placeholders}`: text, numbers (plurals) or elements. */
export type MessageValues = Record<string, unknown>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** The active language's text for a key (outside React, e.g. in a toast sent from an event handler). */
export const t: Translate = (key, values) => i18n._(key, values);

/** Like `t`, and the calling component re-renders when the language changes. */
export function useT(): Translate {
  const { i18n: active } = useLingui();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the locale is what changes the texts
  return useCallback<Translate>((key, values) => active._(key, values), [active, active.locale]);
}
