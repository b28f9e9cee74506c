// The items a window can name (`monitor:<id>`, `heartbeat:<id>`, `domain:<id>`), looked up in the stores: whether
// one exists, its name for answers and events, and its state for the alerts held while it was in maintenance.
import type { MonitorStatus } from '../../common/api/known.ts';
import type { DomainStore } from '../storage/domain-store.ts';
import type { HeartbeatStore } from '../storage/heartbeat-store.ts';
import type { MonitorRecord, MonitorStore } from '../storage/monitor-store.ts';

export interface MaintenanceItemSources {
  monitors: MonitorStore;
  heartbeats: HeartbeatStore;
  domains: DomainStore;
  /** A monitor's status as of its latest check, which the store may not have saved yet. */
  monitorStatus(record: MonitorRecord): MonitorStatus;
}

function split(key: string): { kind: string; id: string } {
  const colon = key.indexOf(':');
  return { kind: key.slice(0, colon), id: key.slice(colon + 1) };
}

export class MaintenanceItems {
  readonly #sources: MaintenanceItemSources;

  constructor(sources: MaintenanceItemSources) {
    this.#sources = sources;
  }

  /** The item's name (a domain's is the domain), or undefined when there is no such item. */
  nameOf(key: string): string | undefined {
    const { monitors, heartbeats, domains } = this.#sources;
    const { kind, id } = split(key);
    if (kind === 'monitor') return monitors.get(id)?.name;
    if (kind === 'heartbeat') return heartbeats.get(id)?.name;
    if (kind === 'domain') return domains.get(id)?.domain;
    return undefined;
  }

  /** The name of the item with this id, whatever its kind (history events name items by id). */
  nameOfId(id: string): string | undefined {
    return this.nameOf(`monitor:${id}`) ?? this.nameOf(`heartbeat:${id}`) ?? this.nameOf(`domain:${id}`);
  }

  /** Heartbeats with a problem out, as `[itemKey, state]` in the terms of held-alert-states.ts. */
  heartbeatProblems(): [string, string][] {
    return this.#sources.heartbeats
      .all()
      .filter((record) => record.problem !== undefined)
      .map((record) => [`heartbeat:${record.id}`, record.problem ?? 'up']);
  }

  /** The state as held-alert-states.ts names it; undefined once the item is gone. */
  stateOf(key: string): string | undefined {
    const { monitors, heartbeats, domains, monitorStatus } = this.#sources;
    const { kind, id } = split(key);
    if (kind === 'monitor') {
      const record = monitors.get(id);
      return record && monitorStatus(record);
    }
    if (kind === 'heartbeat') {
      const record = heartbeats.get(id);
      return record && (record.problem ?? 'up');
    }
    if (kind === 'domain') {
      const record = domains.get(id);
      return record && (record.alerted_threshold === undefined ? 'ok' : 'alerted');
    }
    if (kind === 'certificate') {
      // Alerted for the certificate it has now; a renewal since then owes nothing.
      const record = monitors.get(id);
      return record && (record.certificateAlerted !== undefined && record.certificateAlerted.expiresAt === record.certificate_expires_at ? 'alerted' : 'ok');
    }
    return undefined;
  }
}
