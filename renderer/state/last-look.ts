// When the person last looked at the overview, remembered in the page's storage (nothing secret), so its feed can
// mark what happened since. The previous look is read once when the overview opens; the new one is written when
// it opens, when it is left and when the page is hidden.
import { useEffect, useState } from 'react';

const storageKey = 'vigil.overview.lastLook';

function readLastLook(): number | undefined {
  try {
    const stored = Number(localStorage.getItem(storageKey));
    return Number.isFinite(stored) && stored > 0 ? stored : undefined;
  } catch {
    return undefined;
  }
}

function writeLastLook(at: number): void {
  try {
    localStorage.setItem(storageKey, String(at));
  } catch {
    // Storage refused (private mode, full): the feed then marks nothing new next time, which is harmless.
  }
}

/** The moment of the previous look (undefined the first time); this look is recorded meanwhile. */
export function useLastLook(now: () => number = Date.now): number | undefined {
  const [previous] = useState(readLastLook);
  useEffect(() => {
    const record = () => writeLastLook(now());
    const onHide = () => document.visibilityState === 'hidden' && record();
    record();
    document.addEventListener('visibilitychange', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      record();
    };
  }, [now]);
  return previous;
}
