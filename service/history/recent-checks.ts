// A monitor's checks newest first (GET /monitors/{id}/checks), from the raw rows, with the errors of failed ones.
import type { RawCheckStore } from './storage/raw-check-store.ts';
import { decodeChecks, type StoredCheck } from './check-codec.ts';
import { floorTo, hourMs, isoTime } from './time-units.ts';

export interface CheckJson {
  checked_at: string;
  status: 'up' | 'down';
  response_time_ms: number;
  error?: string;
}

/** At most `limit` checks that started strictly before `before`. */
export function checksBefore(raw: RawCheckStore, seq: number, before: number, limit: number): CheckJson[] {
  const found: StoredCheck[] = [];
  for (const row of raw.newestFirst(seq, floorTo(before - 1, hourMs))) {
    const { checks } = decodeChecks(row.data, row.hour);
    for (let i = checks.length - 1; i >= 0 && found.length < limit; i--) {
      const check = checks[i];
      if (check && check.at < before) found.push(check);
    }
    if (found.length >= limit) break;
  }
  const oldest = found.at(-1)?.at;
  const newest = found[0]?.at;
  const errors = oldest === undefined || newest === undefined || found.every((check) => check.ok) ? new Map<number, string>() : raw.errors(seq, oldest, newest);
  return found.map((check) => ({
    checked_at: isoTime(check.at),
    status: check.ok ? 'up' : 'down',
    response_time_ms: check.durationMs,
    ...(check.ok ? {} : { error: errors.get(check.at) ?? 'check failed' }),
  }));
}
