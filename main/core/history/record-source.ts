// Vigil's own record of one connection, as the history views read it: an item's timeline, the stretches of
// watching (the one under way reaching to now), the item's events.
import type { RecordReads, RecordedItem, StoredEvent } from './record-reads.ts';
import type { Segment, StateRow, WatchPeriod } from './record-types.ts';
import { recordTimeline } from './timeline.ts';

export interface RecordSource {
  reads: RecordReads;
  connectionId: string;
  /** The stretch of watching under way (the app's recorder); undefined when nothing is watching (the CLI). */
  watching: { start: number } | undefined;
}

/** The stretches of watching within [from, to]; the one under way runs to `to`. */
export function watchPeriodsOf(source: RecordSource, from: number, to: number): WatchPeriod[] {
  const periods = source.reads.watchPeriods(source.connectionId, from, to);
  const watching = source.watching;
  const last = periods.at(-1);
  if (watching !== undefined && last !== undefined && last.start === watching.start) periods[periods.length - 1] = { ...last, end: to };
  return periods;
}

export interface RecordedItemHistory {
  item: RecordedItem;
  rows: StateRow[];
  segments: Segment[];
}

/** The item's recorded timeline over [from, to]; undefined when the record has never seen it. */
export function recordedItemHistory(source: RecordSource, key: string, from: number, to: number): RecordedItemHistory | undefined {
  const item = source.reads.item(source.connectionId, key);
  if (item === undefined) return undefined;
  const rows = source.reads.stateRows(item.seq, from, to);
  return { item, rows, segments: recordTimeline(rows, watchPeriodsOf(source, from, to), from, to) };
}

export function recordedItemEvents(source: RecordSource, key: string, since: number): StoredEvent[] {
  return source.reads.events({ since, connectionId: source.connectionId, itemKey: key, limit: 500 });
}
