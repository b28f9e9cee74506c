// What the API tells the rest of the service when resources change, so checks and lookups follow at once.
import type { PingSignal } from '../heartbeats/heartbeat-pings.ts';
import type { DomainRecord } from '../storage/domain-store.ts';
import type { HeartbeatRecord } from '../storage/heartbeat-store.ts';
import type { MonitorRecord } from '../storage/monitor-store.ts';

export interface ResourceEvents {
  monitorSaved(record: MonitorRecord): void;
  monitorDeleted(record: MonitorRecord): void;
  domainCreated(record: DomainRecord): void;
  domainDeleted(record: DomainRecord): void;
  /** Created or edited: its deadline may now be the next one. */
  heartbeatSaved(record: HeartbeatRecord): void;
  /** Every ping, with the heartbeat as the ping left it. */
  heartbeatPinged(record: HeartbeatRecord, signal: PingSignal): void;
  heartbeatDeleted(record: HeartbeatRecord): void;
}
