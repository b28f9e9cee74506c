// Everything the routes need, built once by the service and handed to each route module.
import type { Clock } from '../../common/clock.ts';
import type { ItemDependencies } from '../dependencies/item-dependencies.ts';
import type { HistoryService } from '../history/history-service.ts';
import type { MaintenanceItems } from '../maintenance/maintenance-items.ts';
import type { MaintenanceSchedule } from '../maintenance/maintenance-schedule.ts';
import type { MaintenanceWindows } from '../maintenance/maintenance-windows.ts';
import type { ServiceProblems } from '../problems.ts';
import type { DomainStore } from '../storage/domain-store.ts';
import type { HandlerStore } from '../storage/handler-store.ts';
import type { HeartbeatStore } from '../storage/heartbeat-store.ts';
import type { MonitorStore } from '../storage/monitor-store.ts';
import type { ChangeFeed } from './change-feed.ts';
import type { ResourceEvents } from './resource-events.ts';
import type { Upkeep } from '../upkeep.ts';

export interface Quotas {
  monitors: number;
  heartbeats: number;
  domains: number;
  handlers: number;
}

export const defaultQuotas: Quotas = { monitors: 50_000, heartbeats: 10_000, domains: 10_000, handlers: 1_000 };

export interface ApiContext {
  monitors: MonitorStore;
  heartbeats: HeartbeatStore;
  domains: DomainStore;
  handlers: HandlerStore;
  events: ResourceEvents;
  history: HistoryService;
  /** The maintenance extension: the windows, when each is active, and the items they name. */
  maintenance: { windows: MaintenanceWindows; schedule: MaintenanceSchedule; items: MaintenanceItems };
  /** The dependencies extension: what each item depends on. */
  dependencies: ItemDependencies;
  problems: ServiceProblems;
  /** What changed, for the `changes` stream's followers. */
  changes: ChangeFeed;
  /** The timer the service's periodic chores share: the streams' keep-alive among them. */
  upkeep: Upkeep;
  clock: Clock;
  quotas: Quotas;
  /** Origin the heartbeat ping URLs are built on, e.g. http://127.0.0.1:8731. */
  publicOrigin: () => string;
}
