// "Depends on": a searchable choice among the same server's items (from the status), so a setup of hundreds stays
// easy to pick from — typing narrows the list, the one chosen always stays in it. A refused choice (a cycle)
// shows its message at the field. Its hint says where the dependency is kept, and so whether the server's own
// email and webhook alerts fold too.
import { useMemo, useState } from 'react';
import type { ItemRulesView } from '../../../common/ipc/alerting.ts';
import { itemKindName } from '../../../common/ipc/item-key.ts';
import type { StatusItemView } from '../../../common/ipc/views.ts';
import { SelectField, TextField } from '../../components/fields.tsx';
import { countOf } from '../../format/count.ts';
import { matchesWords, searchText, searchWords } from '../../state/sorting.ts';
import { useStatus } from '../../state/status-store.ts';
import { dependenciesKeptByText } from './rules-values.ts';

export interface DependsOnFieldProps {
  itemKey: string;
  connectionId: string;
  /** The parent's server item key, '' for none. */
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  keptBy: ItemRulesView['dependenciesKeptBy'];
}

function candidatesOf(items: readonly StatusItemView[] | undefined, itemKey: string, connectionId: string): StatusItemView[] {
  return (items ?? []).filter((item) => item.connectionId === connectionId && item.key !== itemKey).sort((a, b) => a.name.localeCompare(b.name));
}

export function DependsOnField({ itemKey, connectionId, value, onChange, error, keptBy }: DependsOnFieldProps) {
  const items = useStatus((state) => state.status?.items);
  const [search, setSearch] = useState('');
  const candidates = useMemo(() => candidatesOf(items, itemKey, connectionId), [items, itemKey, connectionId]);
  const options = useMemo(() => {
    const words = searchWords(search);
    const shown = candidates.filter((item) => item.key === value || matchesWords(words, searchText([item.name, item.kind])));
    return [{ value: '', label: 'Nothing' }, ...shown.map((item) => ({ value: item.key, label: `${item.name} (${itemKindName(item).toLowerCase()})` }))];
  }, [candidates, search, value]);
  return (
    <>
      <div className="depends-on">
        <TextField label="Find an item" type="search" value={search} placeholder="Name" hint={`${options.length - 1} of ${countOf(candidates.length, 'item')} on this server`} onChange={(event) => setSearch(event.target.value)} />
        <SelectField
          label="Depends on"
          value={value}
          options={options}
          error={error}
          hint="While that item is down, this one’s alerts fold into its one alert."
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      <p className="field-hint">{dependenciesKeptByText(keptBy)}</p>
    </>
  );
}
