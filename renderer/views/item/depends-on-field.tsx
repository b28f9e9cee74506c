// "Depends on": a searchable choice among every watched item (from the status), its own server's first, then the other
// servers' and sources' by name ("my API depends on GitHub": a parent elsewhere, which Vigil keeps), so a setup of
// hundreds stays easy to pick from — typing narrows the list, the one chosen always stays in it. A refused choice (a
// cycle) shows its message at the field. Its hint says where the dependency is kept, and so whether the server's own
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

/** Every other item: its own server's first, then those of the other servers and sources ("my API depends on GitHub"). */
function candidatesOf(items: readonly StatusItemView[] | undefined, itemKey: string, connectionId: string): StatusItemView[] {
  const own = (item: StatusItemView) => (item.connectionId === connectionId ? 0 : 1);
  return (items ?? []).filter((item) => item.key !== itemKey).sort((a, b) => own(a) - own(b) || a.serverName.localeCompare(b.serverName) || a.name.localeCompare(b.name));
}

export function DependsOnField({ itemKey, connectionId, value, onChange, error, keptBy }: DependsOnFieldProps) {
  const items = useStatus((state) => state.status?.items);
  const [search, setSearch] = useState('');
  const candidates = useMemo(() => candidatesOf(items, itemKey, connectionId), [items, itemKey, connectionId]);
  const options = useMemo(() => {
    const words = searchWords(search);
    const shown = candidates.filter((item) => item.key === value || matchesWords(words, searchText([item.name, item.kind, item.serverName])));
    const where = (item: StatusItemView) => (item.connectionId === connectionId ? '' : ` · ${item.serverName}`);
    return [{ value: '', label: 'Nothing' }, ...shown.map((item) => ({ value: item.key, label: `${item.name} (${itemKindName(item).toLowerCase()})${where(item)}` }))];
  }, [candidates, search, value, connectionId]);
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
