// When a domain is due for its next RDAP lookup. Each domain keeps its own fixed offset within ±10 % of the
// interval, so domains looked up together (added in bulk, or after a restart) drift apart instead of
// hitting the registries at the same moment every day.
import type { DomainRecord } from '../storage/domain-store.ts';

export interface RefreshTiming {
  /** Between successful lookups. */
  intervalMs: number;
  /** After a failed one: shorter, so a new domain whose first lookup hit a flaky registry gets data soon. */
  retryMs: number;
}

const jitterFraction = 0.1;

export function nextLookupAt(
  record: Pick<DomainRecord, 'id' | 'looked_up_at' | 'lookup_error'>,
  timing: RefreshTiming,
): number {
  if (record.looked_up_at === undefined) return Number.NEGATIVE_INFINITY;
  const base = record.lookup_error === undefined ? timing.intervalMs : timing.retryMs;
  return record.looked_up_at + base * (1 + jitterFraction * spread(record.id));
}

/** A stable number in [-1, 1) from the id (FNV-1a), so the offset survives restarts without being stored. */
function spread(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return (hash / 2 ** 32) * 2 - 1;
}
