// Whether a heartbeat is on time (pure). Before its first ping the clock starts at creation, so a job that
// never runs at all is noticed too.
import type { HeartbeatRecord } from '../storage/heartbeat-store.ts';

export type HeartbeatState = 'waiting' | 'up' | 'late';

/** Epoch ms after which the heartbeat counts as late. */
export function heartbeatDeadline(record: Pick<HeartbeatRecord, 'lastPing' | 'createdAt' | 'expectedInterval'>, graceMs: number): number {
  return Date.parse(record.lastPing ?? record.createdAt) + record.expectedInterval * 1000 + graceMs;
}

export function heartbeatState(record: Pick<HeartbeatRecord, 'lastPing' | 'createdAt' | 'expectedInterval'>, nowMs: number, graceMs: number): HeartbeatState {
  if (nowMs > heartbeatDeadline(record, graceMs)) return 'late';
  return record.lastPing ? 'up' : 'waiting';
}
