// The domains table's rows: each domain joined with its expiry state and snooze from the status, with the days
// left until it expires, then searched, filtered and sorted (pure).
import type { Domain, Health, StatusItemView } from '../../../common/ipc/views.ts';
import type { Row } from '../../state/collection.ts';
import type { ListPreferences } from '../../state/list-preferences.ts';
import { matchesWords, searchText, searchWords, sortRows, type SortValue } from '../../state/sorting.ts';

/** The states the core judges a domain to be in (main/core/health/domain-health.ts). */
type DomainState = 'ok' | 'expiring' | 'expired' | 'unknown';

export interface DomainRow {
  key: string;
  domain: Domain;
  saving: boolean;
  state: DomainState;
  /** Whether the expiry is within one of the user's thresholds (warning) or past (critical), as the core judged. */
  health: Health;
  /** Whole days until the registration ends: 0 on the day, negative after; undefined when no lookup succeeded. */
  daysLeft: number | undefined;
  snoozedUntil: number | 'resumed' | undefined;
  search: string;
}

export const domainListDefaults: ListPreferences = { search: '', filters: { state: 'all' }, sortBy: 'daysLeft', direction: 'ascending' };

const knownStates: readonly string[] = ['ok', 'expiring', 'expired', 'unknown'];
const msPerDay = 86_400_000;

/** The days left as the server counted them, or counted from the expiry date against today (UTC, as registries do). */
function daysLeftOf(domain: Domain, now: number): number | undefined {
  if (domain.days_until_expiry !== undefined) return domain.days_until_expiry;
  if (domain.expires_on === undefined) return undefined;
  const expiresAt = Date.parse(`${domain.expires_on}T00:00:00Z`);
  return Number.isNaN(expiresAt) ? undefined : Math.floor(expiresAt / msPerDay) - Math.floor(now / msPerDay);
}

/** A domain the status has not judged yet (just added): only what needs no threshold. */
function stateWithoutStatus(daysLeft: number | undefined): DomainState {
  if (daysLeft === undefined) return 'unknown';
  return daysLeft < 0 ? 'expired' : 'ok';
}

const healthOfState: Record<DomainState, Health> = { ok: 'ok', expiring: 'warning', expired: 'critical', unknown: 'unknown' };

export function domainRows(rows: readonly Row<Domain>[], items: ReadonlyMap<string, StatusItemView>, now: number): DomainRow[] {
  return rows.map(({ key, item, saving }) => {
    const statusItem = items.get(key);
    const daysLeft = daysLeftOf(item, now);
    const judged = statusItem?.state;
    const state = judged === undefined ? stateWithoutStatus(daysLeft) : knownStates.includes(judged) ? (judged as DomainState) : 'unknown';
    return {
      key,
      domain: item,
      saving,
      state,
      health: statusItem?.health ?? healthOfState[state],
      daysLeft,
      snoozedUntil: statusItem?.snoozedUntil,
      search: searchText([item.domain, item.registrar]),
    };
  });
}

/** "42 days", "1 day", "Expires today", "Expired 3 days ago". */
export function daysLeftLabel(daysLeft: number): string {
  if (daysLeft > 1) return `${daysLeft} days`;
  if (daysLeft === 1) return '1 day';
  if (daysLeft === 0) return 'Expires today';
  return daysLeft === -1 ? 'Expired yesterday' : `Expired ${-daysLeft} days ago`;
}

const sortValues: Record<string, (row: DomainRow) => SortValue> = {
  domain: (row) => row.domain.domain,
  expires: (row) => row.domain.expires_on,
  daysLeft: (row) => row.daysLeft,
  registrar: (row) => row.domain.registrar,
};

/** The rows in the list's sort order (done once per list or sort change, not per keystroke). */
export function sortDomainRows(rows: readonly DomainRow[], sortBy: string, direction: ListPreferences['direction']): DomainRow[] {
  const valueOf = sortValues[sortBy];
  const byName = sortRows(rows, (row) => row.domain.domain, 'ascending');
  return valueOf === undefined ? byName : sortRows(byName, valueOf, direction);
}

/** The sorted rows that match the list's search and state filter, in the same order. */
export function filterDomainRows(sorted: readonly DomainRow[], search: string, filters: ListPreferences['filters']): DomainRow[] {
  const words = searchWords(search);
  const state = filters['state'] ?? 'all';
  if (words.length === 0 && state === 'all') return sorted as DomainRow[];
  return sorted.filter(
    (row) => (state === 'all' || (state === 'snoozed' ? row.snoozedUntil !== undefined : row.state === state)) && matchesWords(words, row.search),
  );
}
