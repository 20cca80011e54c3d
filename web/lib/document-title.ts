// Per-route document titles ('Wallet · Referral Hub'), so tabs, history and screen readers name the page.
import { useEffect } from 'react';
import { APP_NAME } from './app-settings.ts';

export function pageTitle(title: string | undefined): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}

export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
