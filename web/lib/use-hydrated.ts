// Whether the app has taken over the page: false on the server and while React hydrates the HTML
// the server sent (decision 036), true from the render after, and at once on a page the browser
// renders itself.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, () => true, () => false);
}
