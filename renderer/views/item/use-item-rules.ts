// An item's alert rules for its page: asked once per item (and on "Try again"), replaced by what a save answers.
import { useEffect, useState } from 'react';
import type { ItemRulesView } from '../../../common/ipc/alerting.ts';
import { callFailureOf } from '../../api/call-error.ts';
import { vigil } from '../../api/vigil-api.ts';

export type RulesLoad = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; rules: ItemRulesView };

export interface ItemRulesHandle {
  load: RulesLoad;
  retry(): void;
  set(rules: ItemRulesView): void;
}

export function useItemRules(itemKey: string): ItemRulesHandle {
  const [load, setLoad] = useState<RulesLoad>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    vigil()
      .getItemRules(itemKey)
      .then(
        // An answer without rules (a core older than the page) must not take the page down with it.
        (rules: ItemRulesView | null | undefined) => current && setLoad(rules?.tell === undefined ? { state: 'failed', message: 'Vigil did not send the rules.' } : { state: 'ready', rules }),
        (error: unknown) => current && setLoad({ state: 'failed', message: callFailureOf(error).message }),
      );
    return () => {
      current = false;
    };
  }, [itemKey, attempt]);
  return {
    load,
    retry() {
      setLoad({ state: 'loading' });
      setAttempt((count) => count + 1);
    },
    set: (rules) => setLoad({ state: 'ready', rules }),
  };
}
