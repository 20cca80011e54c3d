// Startup behaviours of the spec (section 9): double tap within 300 ms suppressed (no zoom),
// context menu disabled, and a --vh unit kept in sync with the visible viewport height.

export function installStartupBehaviours(): void {
  let lastTouchEnd = 0;
  document.addEventListener(
    'touchend',
    (e) => {
      const now = Date.now();
      if (now - lastTouchEnd <= 300) e.preventDefault();
      lastTouchEnd = now;
    },
    { passive: false },
  );

  document.addEventListener('contextmenu', (e) => {
    // Keep the menu inside text fields so people can still paste OTPs and UPI IDs.
    const t = e.target as HTMLElement | null;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.isContentEditable)) return;
    e.preventDefault();
  });

  const setVh = () => document.documentElement.style.setProperty('--vh', `${window.innerHeight * 0.01}px`);
  setVh();
  window.addEventListener('resize', setVh);
  window.addEventListener('orientationchange', setVh);
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((err: unknown) => {
      console.log('Service worker registration failed:', err);
    });
  });
}
