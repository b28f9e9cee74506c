// The domains table's rows: each domain joined with its expiry state and snooze from the status, with the days
// left until it expires, then searched, filtered and sorted (pure).
import { domainNameForPeople } from '../../../common/api/index.ts';
import type { Domain, Health, StatusItemView } from '../../../common/ipc/views.ts';
import type { Row } from '../../state/collection.ts';
import type { ListPreferences } from '../../state/list-preferences.ts';
import { fieldSorts, filterRows, judgementOf, serverOf, sortByColumn, stateOrSnoozed, type ListRow, type RowFilters, type SortValues, type StatusJudgement } from '../../state/list-rows.ts';
import { searchText } from '../../state/sorting.ts';

/** The states the core judges a domain to be in (main/core/health/domain-health.ts). */
type DomainState = 'ok' | 'expiring' | 'expired' | 'unknown';

/** Its health says whether the expiry is within one of the user's thresholds (warning) or past (critical), as the
 * core judged. */
export interface DomainRow extends ListRow, StatusJudgement {
  domain: Domain;
  state: DomainState;
  /** Whole days until the registration ends: 0 on the day, negative after; undefined when no lookup succeeded. */
  daysLeft: number | undefined;
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

export function domainRows(rows: readonly Row<Domain>[], items: ReadonlyMap<string, StatusItemView>, serverNames: ReadonlyMap<string, string>, now: number): DomainRow[] {
  return rows.map((row) => {
    const { key, item, saving } = row;
    const statusItem = items.get(key);
    const daysLeft = daysLeftOf(item, now);
    const judged = statusItem?.state;
    const state = judged === undefined ? stateWithoutStatus(daysLeft) : knownStates.includes(judged) ? (judged as DomainState) : 'unknown';
    return {
      key,
      ...serverOf(row, serverNames),
      domain: item,
      saving,
      state,
      ...judgementOf(statusItem, healthOfState[state]),
      daysLeft,
      // Found by either form: as people write it (`bücher.de`) and as stored (`xn--bcher-kva.de`).
      search: searchText([item.domain, item.domain === undefined ? undefined : domainNameForPeople(item.domain), item.registrar]),
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

const sortValues: SortValues<DomainRow> = {
  domain: (row) => (row.domain.domain === undefined ? undefined : domainNameForPeople(row.domain.domain)),
  expires: (row) => row.domain.expires_on,
  daysLeft: (row) => row.daysLeft,
  ...fieldSorts((row: DomainRow) => row.domain, ['registrar']),
};

const filters: RowFilters<DomainRow> = { state: stateOrSnoozed((row) => row.state) };

/** The rows in the list's sort order; ties read in name order. */
export function sortDomainRows(rows: readonly DomainRow[], sortBy: string, direction: ListPreferences['direction']): DomainRow[] {
  return sortByColumn(rows, sortValues, (row) => row.domain.domain, sortBy, direction);
}

/** The sorted rows that match the list's search and state filter, in the same order. */
export function filterDomainRows(sorted: readonly DomainRow[], search: string, chosen: ListPreferences['filters']): DomainRow[] {
  return filterRows(sorted, search, chosen, filters);
}

/** Domains whose expiry is not known, by why: the server's words where it says why its lookups fail (Vigil's service,
 * docs/api-decisions.md §7), undefined where it does not (not looked up yet, or a server that does not say). */
export interface UnknownExpiryGroup {
  reason: string | undefined;
  names: string[];
}

export function unknownExpiryGroups(rows: readonly DomainRow[]): UnknownExpiryGroup[] {
  const groups = new Map<string | undefined, string[]>();
  for (const row of rows) {
    if (row.daysLeft !== undefined || row.saving) continue;
    const reason = row.domain.last_error;
    groups.set(reason, [...(groups.get(reason) ?? []), row.domain.domain === undefined ? '(no name)' : domainNameForPeople(row.domain.domain)]);
  }
  return [...groups].map(([reason, names]) => ({ reason, names }));
}
