// React.lazy for a screen that can be loaded ahead: preload() fetches its module, and once loaded
// the component renders at once instead of suspending for a tick. A page the server rendered is
// hydrated only after its screen is loaded (main.tsx), so React never meets an unloaded part of it
// and throws the server's HTML away to render it again.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface PreloadableComponent<T extends ComponentType> extends LazyExoticComponent<T> {
  preload(): Promise<void>;
}

export function preloadable<T extends ComponentType>(load: () => Promise<{ default: T }>): PreloadableComponent<T> {
  let loaded: { default: T } | null = null;
  let loading: Promise<{ default: T }> | null = null;
  const start = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (err: unknown) => {
        // A failed download (offline) may be tried again.
        loading = null;
        throw err;
      },
    ));
  // React.lazy reads a thenable that calls back at once as already resolved (no suspense).
  const component = lazy(() => (loaded ? ({ then: (resolve: (m: { default: T }) => void) => resolve(loaded!) } as unknown as Promise<{ default: T }>) : start()));
  return Object.assign(component, { preload: () => start().then(() => undefined) });
}
