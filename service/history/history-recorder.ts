// What the rest of the service tells the history: checks, status changes, pings, events, and deletions.
import type { MonitorStatus } from '../../common/api/known.ts';
import type { NewHistoryEvent } from './storage/event-store.ts';
import type { StoredCheck } from './check-codec.ts';

export interface RecordedCheck extends StoredCheck {
  monitorSeq: number;
  /** Only on a failed check. */
  error: string | undefined;
}

export type ForgottenItem = { kind: 'monitor' | 'heartbeat'; seq: number; id: string } | { kind: 'domain'; id: string };

export interface HistoryRecorder {
  recordCheck(check: RecordedCheck): void;
  recordStatus(monitorSeq: number, at: number, status: MonitorStatus): void;
  recordEvent(event: NewHistoryEvent): void;
  recordPing(heartbeatSeq: number, at: number): void;
  /** An item was deleted: its history goes with it. */
  forget(item: ForgottenItem): void;
}

export type { NewHistoryEvent };
