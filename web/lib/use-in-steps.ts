// A long list drawn a few rows at a time: the first step at once, then one more step after each
// frame the browser paints, each in a transition. Fifty rows of a history committed, styled and laid
// out together are one long task on a phone; in steps of eight they are several short ones, and
// the rows at the top, the ones in view, come first.
import { startTransition, useEffect, useState } from 'react';

export function useInSteps<T>(items: T[] | undefined, step = 8): T[] | undefined {
  const [shown, setShown] = useState(step);
  const total = items?.length ?? 0;
  useEffect(() => {
    if (shown >= total) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown((n) => n + step)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [shown, total, step]);
  return items && items.length > shown ? items.slice(0, shown) : items;
}
