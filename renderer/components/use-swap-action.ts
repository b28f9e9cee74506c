// A row's action whose button swaps for its opposite once done (Snooze ↔ Unsnooze, I'm on it ↔ Undo): one at a time,
// its outcome said in a notice, and the focus following to the new button instead of falling to the page. While busy
// the button is only marked disabled (aria-disabled), so it keeps the focus until the swap.
import { useRef, useState } from 'react';
import { callFailureOf } from '../api/call-error.ts';
import { showError, showInfo } from '../state/notices-store.ts';
import { tracked } from '../state/pending-writes.ts';

export interface SwapAction {
  busy: boolean;
  /** The `ref` of every button the action may swap to: the one shown after it takes the focus. */
  focusIfAsked(button: HTMLButtonElement | null): void;
  /** Runs `action` unless one is running; `done` is said when it succeeds, `failed` with the reason when not. */
  run(action: () => Promise<unknown>, done: string, failed: string): Promise<void>;
}

export function useSwapAction(): SwapAction {
  const [busy, setBusy] = useState(false);
  const keepFocus = useRef(false);
  return {
    busy,
    focusIfAsked(button) {
      if (button === null || !keepFocus.current) return;
      keepFocus.current = false;
      button.focus();
    },
    async run(action, done, failed) {
      if (busy) return;
      keepFocus.current = true;
      setBusy(true);
      try {
        await tracked(action);
        showInfo(done);
      } catch (error) {
        showError(`${failed}: ${callFailureOf(error).message}`);
      } finally {
        setBusy(false);
      }
    },
  };
}
