// One request at a time behind a form: `busy` while it runs (spinner in the button), and a
// destructive toast with the server's message (or a fallback) when it fails.
import { useState } from 'react';
import { toast } from '../components/ui/toast-store.ts';
import { errorMessage } from './api-client.ts';

export interface FailureToast {
  title: string;
  /** Shown when the error carries no server message. */
  fallback: string;
  /** Overrides the description (default: the server's message, else `fallback`). */
  message?(err: unknown): string;
  /** Runs before the toast, e.g. to show per-field errors. */
  onError?(err: unknown): void;
}

export function useBusyAction() {
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>, failure: FailureToast) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      failure.onError?.(err);
      toast({ title: failure.title, description: failure.message ? failure.message(err) : errorMessage(err, failure.fallback), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
