// Per-route document titles ('Wallet · Referral Hub'), so tabs, history and screen readers name the page.
import { useEffect } from 'react';
import { APP_NAME } from './app-settings.ts';

export function pageTitle(title: string | undefined): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}

/** On the server (no document, no effects) the title a render asked for, read after the render. */
let serverTitle = APP_NAME;

export function renderedTitle(): string {
  return serverTitle;
}

export function useDocumentTitle(title: string | undefined): void {
  if (typeof document === 'undefined') serverTitle = pageTitle(title);
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
