// One value the page asks the core for: loading, failed with the reason in the user's terms (and a retry), or
// ready, and then replaced by what a write answered. An answer that comes after the page has moved on (another
// item, the view closed) is dropped.
import { useEffect, useState } from 'react';
import { callFailureOf } from '../api/call-error.ts';

export type Loaded<T> = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; value: T };

export interface LoadHandle<T> {
  load: Loaded<T>;
  retry(): void;
  /** Replaces the value with what a write answered. */
  set(value: T): void;
}

/** Asks `fetch` on mount, whenever `fetch` itself changes (keep it stable: module-level or `useCallback`), and on retry. */
export function useLoad<T>(fetch: () => Promise<T>): LoadHandle<T> {
  const [load, setLoad] = useState<Loaded<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    fetch().then(
      (value) => {
        if (current) setLoad({ state: 'ready', value });
      },
      (error: unknown) => {
        if (current) setLoad({ state: 'failed', message: callFailureOf(error).message });
      },
    );
    return () => {
      current = false;
    };
  }, [fetch, attempt]);

  return {
    load,
    retry() {
      setLoad({ state: 'loading' });
      setAttempt((count) => count + 1);
    },
    set: (value) => setLoad({ state: 'ready', value }),
  };
}
