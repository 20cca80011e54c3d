// A form on a page the server renders: its fields and buttons stay disabled until the app has
// taken over the page, so nothing typed before the JavaScript arrives is lost to the app, and the
// browser never sends the form itself (a password in the address bar). Links stay live.
import type { ComponentProps } from 'react';
import { useHydrated } from '../../lib/use-hydrated.ts';

export function HydratedForm({ children, ...props }: ComponentProps<'form'>) {
  const hydrated = useHydrated();
  return (
    <form {...props}>
      <fieldset disabled={!hydrated} className="contents">
        {children}
      </fieldset>
    </form>
  );
}
