// React.lazy for a screen, or a part such as the phone's drawer or the notifications list, that
// can be loaded ahead: preload() fetches its module, and once loaded the component renders at once
// instead of suspending for a tick. A page the server rendered is hydrated only after its screen is
// loaded (main.tsx), so React never meets an unloaded part of it and throws the server's HTML away
// to render it again.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazy component taking props `P` (none for a screen), with preload(). */
export interface PreloadableComponent<P extends object = object> extends LazyExoticComponent<ComponentType<P>> {
  preload(): Promise<void>;
}

export function preloadable<P extends object = object>(load: () => Promise<{ default: ComponentType<P> }>): PreloadableComponent<P> {
  type T = ComponentType<P>;
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
