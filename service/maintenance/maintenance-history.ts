// When each scope was in maintenance, from the `maintenance` events the history recorded (kept in memory: a few
// per window). The stats take maintenance time from here rather than from the windows, so deleting a window later
// does not rewrite what was recorded.
import type { StoredHistoryEvent } from '../history/storage/event-store.ts';
import type { Span } from '../history/observed-status.ts';

/** '' for every item, else the item's id. */
export type MaintenanceScope = string;

export interface MaintenanceChange {
  at: number;
  scope: MaintenanceScope;
  on: boolean;
  detail: string;
}

export const maintenanceChangeOf = (event: StoredHistoryEvent): MaintenanceChange => ({
  at: event.at,
  scope: event.itemId ?? '',
  on: event.to === 'on',
  detail: event.detail ?? 'maintenance',
});

export class MaintenanceHistory {
  /** Finished stretches by scope, oldest first. */
  readonly #closed = new Map<MaintenanceScope, Span[]>();
  /** Stretches still going on: their start and detail. */
  readonly #open = new Map<MaintenanceScope, { start: number; detail: string }>();

  constructor(changes: Iterable<MaintenanceChange>) {
    for (const change of changes) this.add(change);
  }

  add({ at, scope, on, detail }: MaintenanceChange): void {
    const open = this.#open.get(scope);
    if (on) {
      if (open === undefined) this.#open.set(scope, { start: at, detail });
      return;
    }
    if (open === undefined) return;
    this.#open.delete(scope);
    if (at <= open.start) return;
    const closed = this.#closed.get(scope);
    if (closed) closed.push({ start: open.start, end: at });
    else this.#closed.set(scope, [{ start: open.start, end: at }]);
  }

  /** Scopes in maintenance as last recorded, with the detail they went on with. */
  recordedOn(): Map<MaintenanceScope, string> {
    return new Map([...this.#open].map(([scope, { detail }]) => [scope, detail]));
  }

  /** Whether anything was in maintenance at or after `from`. */
  anySince(from: number): boolean {
    if (this.#open.size > 0) return true;
    for (const spans of this.#closed.values()) if ((spans.at(-1)?.end ?? 0) > from) return true;
    return false;
  }

  /** The scope's maintenance within [from, to), oldest first. */
  spans(scope: MaintenanceScope, from: number, to: number): Span[] {
    const out: Span[] = [];
    for (const span of this.#closed.get(scope) ?? []) {
      if (span.end > from && span.start < to) out.push({ start: Math.max(span.start, from), end: Math.min(span.end, to) });
    }
    const open = this.#open.get(scope);
    if (open !== undefined && open.start < to) out.push({ start: Math.max(open.start, from), end: to });
    return out;
  }

  /** Scopes with maintenance of their own within [from, to) (items, not the server-wide ''). */
  itemScopes(from: number, to: number): MaintenanceScope[] {
    const scopes = new Set<MaintenanceScope>();
    for (const scope of [...this.#closed.keys(), ...this.#open.keys()]) if (scope !== '' && this.spans(scope, from, to).length > 0) scopes.add(scope);
    return [...scopes];
  }

  forget(scope: MaintenanceScope): void {
    this.#closed.delete(scope);
    this.#open.delete(scope);
  }

  /** Forgets stretches that ended before `cutoff`, as the events that recorded them are pruned. */
  pruneBefore(cutoff: number): void {
    for (const [scope, spans] of this.#closed) {
      const kept = spans.filter((span) => span.end >= cutoff);
      if (kept.length === 0) this.#closed.delete(scope);
      else this.#closed.set(scope, kept);
    }
  }
}
