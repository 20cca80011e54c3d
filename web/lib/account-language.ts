// The language on the account: saved when a signed-in person switches, and reconciled at sign-in
// (a choice made on this device, e.g. on the sign-in page, is saved to the account; a device with
// no choice yet takes the account's; an account with none takes the browser's).
import type { User } from '../../contract/accounts.ts';
import { chooseLanguage, currentLanguage, isLanguage, LANGUAGE_KEY } from '../i18n/i18n.ts';
import { api, getToken } from './api-client.ts';

export async function saveAccountLanguage(code: string): Promise<void> {
  if (!getToken()) return;
  try {
    await api.put('/api/user/language', { language: code });
  } catch {
    // The device keeps the choice; the account catches up at the next switch or sign-in.
  }
}

function deviceChoice(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

export function reconcileAccountLanguage(user: User): void {
  const onDevice = deviceChoice();
  if (isLanguage(onDevice)) {
    if (user.language !== onDevice) void saveAccountLanguage(onDevice);
  } else if (isLanguage(user.language)) {
    if (user.language !== currentLanguage()) void chooseLanguage(user.language);
  } else {
    // Never chosen: the language this browser asked for becomes the account's (SMS follow it).
    void saveAccountLanguage(currentLanguage());
  }
}
