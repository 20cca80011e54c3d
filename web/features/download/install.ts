// Download-page actions: the APK (checked first: it may have been removed since the page loaded),
// the HTML shortcut that redirects to this site, and the PWA install prompt.
import { useEffect, useState } from 'react';
import { ANDROID_APP_PATH } from '../../../contract/settings.ts';
import { saveBlob } from '../../lib/save-blob.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { t } from '../../i18n/t.ts';

export const APK_PATH = ANDROID_APP_PATH;

/** True when the APK is really there (a 200 that is not the HTML fallback page). */
export async function apkAvailable(): Promise<boolean> {
  try {
    const res = await fetch(APK_PATH, { method: 'HEAD', cache: 'no-store' });
    const type = res.headers.get('content-type') ?? '';
    return res.ok && !type.includes('text/html');
  } catch {
    return false;
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/**
 * A small HTML file that opens the site: saved to the home screen or desktop it acts as a shortcut.
 * Its text is in the reader's language (built when the button is pressed).
 */
export function shortcutHtml(appName: string, origin: string): string {
  const name = escapeHtml(appName);
  const url = escapeHtml(origin);
  const link = `<a href="${url}">${escapeHtml(t('download.shortcut.tapHere'))}</a>`;
  return `<!doctype html>
<html lang="${escapeHtml(currentLanguage())}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name}</title>
<meta http-equiv="refresh" content="0; url=${url}">
</head>
<body style="font-family: system-ui, sans-serif; padding: 2rem">
<p>${t('download.shortcut.opening', { name, link })}</p>
<script>window.location.replace(${JSON.stringify(origin)});</script>
</body>
</html>
`;
}

export function downloadShortcut(appName: string, origin: string): void {
  saveBlob(new Blob([shortcutHtml(appName, origin)], { type: 'text/html' }), `${appName.replace(/[^\w-]+/g, '-')}.html`);
}

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** The deferred `beforeinstallprompt` event, when the browser offers installing the web app. */
export function useInstallPrompt() {
  const [event, setEvent] = useState<BeforeInstallPromptEvent | null>(null);
  const [installed, setInstalled] = useState(false);
  useEffect(() => {
    const onPrompt = (e: Event) => {
      e.preventDefault();
      setEvent(e as BeforeInstallPromptEvent);
    };
    const onInstalled = () => {
      setInstalled(true);
      setEvent(null);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);
  return {
    canInstall: event !== null,
    installed,
    async install(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
      if (!event) return 'unavailable';
      await event.prompt();
      const choice = await event.userChoice;
      setEvent(null);
      return choice.outcome;
    },
  };
}
