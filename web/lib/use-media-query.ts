// Viewport breakpoints (spec: mobile under 768 px, tablet 768-1023, desktop from 1024).
import { useSyncExternalStore } from 'react';

export const MOBILE_BREAKPOINT = 768;
export const DESKTOP_BREAKPOINT = 1024;
/** Matches a phone's viewport: the signed-in screens show the phone's shell. */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (cb) => {
      const mq = window.matchMedia(query);
      mq.addEventListener('change', cb);
      return () => mq.removeEventListener('change', cb);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}
