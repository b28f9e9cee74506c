// An item's alert rules for its page: asked once per item (and on "Try again"), replaced by what a save answers.
import { useCallback } from 'react';
import type { ItemRulesView } from '../../../common/ipc/alerting.ts';
import { vigil } from '../../api/vigil-api.ts';
import { useLoad, type LoadHandle } from '../../state/use-load.ts';

export function useItemRules(itemKey: string): LoadHandle<ItemRulesView> {
  const fetchRules = useCallback(
    () =>
      vigil()
        .getItemRules(itemKey)
        .then((rules: ItemRulesView | null | undefined) => {
          // An answer without rules (a core older than the page) must not take the page down with it.
          if (rules?.tell === undefined) throw new Error('Vigil did not send the rules.');
          return rules;
        }),
    [itemKey],
  );
  return useLoad(fetchRules);
}
