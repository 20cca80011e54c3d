// What a screen shows below its first view, rendered once the browser has painted the rest: the
// first paint of a long screen (the wallet) then waits only for what is at the top, and React
// renders the rest in a transition that yields to the phone. Queries the part needs may start
// earlier, in the screen itself, so its data is not later for it.
import { startTransition, useEffect, useState, type ReactNode } from 'react';

export function AfterPaint({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // A frame is painted after requestAnimationFrame's callbacks: the timeout runs after that paint.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted ? children : null;
}
