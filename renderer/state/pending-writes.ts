// Changes on their way to the core. The core finishes a call it has received even when the window closes; still,
// while a change waits for its answer the page cancels its unload — a browser tab asks before it is closed or
// reloaded, the app window only hides instead of being released — so nothing the user did is dropped silently.
import { create } from 'zustand';

export const usePendingWrites = create<{ count: number }>(() => ({ count: 0 }));

/** Runs a change, counting it as pending until it settles. */
export async function tracked<T>(write: () => Promise<T>): Promise<T> {
  usePendingWrites.setState(({ count }) => ({ count: count + 1 }));
  try {
    return await write();
  } finally {
    usePendingWrites.setState(({ count }) => ({ count: count - 1 }));
  }
}

/** Asks before the page goes away while changes are pending; returns the stop function. */
export function guardPendingWrites(target: Pick<Window, 'addEventListener' | 'removeEventListener'>): () => void {
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (usePendingWrites.getState().count === 0) return;
    event.preventDefault();
  };
  target.addEventListener('beforeunload', onBeforeUnload);
  return () => target.removeEventListener('beforeunload', onBeforeUnload);
}
