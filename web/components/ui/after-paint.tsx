// What a screen shows below its first view, rendered once the browser has painted the rest: the
// first paint of a long screen (the wallet) then waits only for what is at the top, and React
// renders the rest in a transition that yields to the phone. Queries the part needs may start
// earlier, in the screen itself, so its data is not later for it. A part that is code of its own
// passes its loader (`load`): it is fetched after that paint, and the part renders once it is
// there, without a suspense and the fallback throttle that would hold the next reveal. If it cannot
// be fetched (offline), the part waits for the connection rather than failing the whole screen.
import { startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';

export function AfterPaint({ children, load }: { children: ReactNode; load?: () => Promise<unknown> }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let live = true;
    const show = () => {
      if (live) startTransition(() => setPainted(true));
    };
    // A part whose code could not be fetched (offline) stays out, and the rest of the screen (a
    // form being filled in) with it, until the connection is back; then it is fetched again.
    const fetchPart = (fetchCode: () => Promise<unknown>) => {
      fetchCode().then(show, () => {
        if (live) window.addEventListener('online', () => fetchPart(fetchCode), { once: true });
      });
    };
    // A frame is painted after requestAnimationFrame's callbacks: the timeout runs after that paint.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => (load ? fetchPart(load) : show()), 0);
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
    // Once per mount: the loader is a module-level function.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!painted) return null;
  return load ? <Suspense fallback={null}>{children}</Suspense> : children;
}
