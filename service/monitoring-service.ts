// Wires the embedded monitoring service together: storage, the HTTP API, checks, heartbeats, domain lookups,
// maintenance windows and alert delivery. The one place where the service's ports (clock, logger, fetch) are connected.
import type { AddressInfo } from 'node:net';
import type { Clock } from '../common/clock.ts';
import { AlertDispatcher } from './alerts/alert-dispatcher.ts';
import { createEmailChannel } from './alerts/email-channel.ts';
import { lacksPassword, smtpPasswordVariable, smtpSettingsFrom } from './alerts/smtp-settings.ts';
import { createWebhookChannel } from './alerts/webhook-channel.ts';
import { DependencyFold } from './dependencies/dependency-fold.ts';
import { ItemDependencies } from './dependencies/item-dependencies.ts';
import { loadOrCreateSigningKey } from './auth/signing-key.ts';
import { TokenRevocation } from './auth/token-revocation.ts';
import { runCheck } from './checks/run-check.ts';
import { keepShortLivedObjectsYoung } from './young-garbage.ts';
import { ensureDataDir } from './data-dir.ts';
import { DomainRefresher } from './domains/domain-refresher.ts';
import { createRdapClient } from './domains/rdap-client.ts';
import { HeartbeatWatcher } from './heartbeats/heartbeat-watcher.ts';
import { HistoryService } from './history/history-service.ts';
import { apiPrefix, buildApiServer } from './http/api-server.ts';
import { ChangeFeed } from './http/change-feed.ts';
import { Upkeep } from './upkeep.ts';
import type { ResourceEvents } from './http/resource-events.ts';
import { domainJson, heartbeatJson, monitorJson } from './http/views.ts';
import type { Logger } from './logger.ts';
import { AlertGate } from './maintenance/alert-gate.ts';
import { MaintenanceItems } from './maintenance/maintenance-items.ts';
import { MaintenanceSchedule } from './maintenance/maintenance-schedule.ts';
import { MaintenanceWindows } from './maintenance/maintenance-windows.ts';
import { MonitorCheckLoop } from './monitor-check-loop.ts';
import { ServiceProblems } from './problems.ts';
import { CheckScheduler } from './scheduler/check-scheduler.ts';
import type { ServiceConfig } from './service-config.ts';
import { openDatabase } from './storage/database.ts';
import { DependencyStore } from './storage/dependency-store.ts';
import { DomainStore } from './storage/domain-store.ts';
import { HandlerStore } from './storage/handler-store.ts';
import { HeartbeatStore } from './storage/heartbeat-store.ts';
import { HeldAlertStore } from './storage/held-alert-store.ts';
import { MaintenanceStore } from './maintenance/maintenance-store.ts';
import { MonitorStore } from './storage/monitor-store.ts';

export interface ServicePorts {
  clock: Clock;
  logger: Logger;
  fetch: typeof globalThis.fetch;
}

export interface StartOptions {
  /**
   * `any`: when the configured port is taken by another program, listen on a free one instead (and say so in the
   * log), so the service still runs; the app then shows the addresses that changed. `fail` (the default): refuse
   * with EADDRINUSE, as an explicit `--port` asks.
   */
  portIfTaken?: 'fail' | 'any';
}

export interface RunningService {
  /** e.g. http://127.0.0.1:8731 */
  origin: string;
  /** The base URL clients use: origin + /api. */
  apiUrl: string;
  scheduler: CheckScheduler;
  dispatcher: AlertDispatcher;
  history: HistoryService;
  close(): Promise<void>;
}

/** After an hour ends, how long before it is summed: its last checks may still run, then wait for a batch. */
const historySettleMarginMs = 30_000;
const dayMs = 86_400_000;

function originOf(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

function smtpFrom(config: ServiceConfig, logger: Logger) {
  // The password may come from the environment (the desktop app keeps it in the OS keychain), never logged.
  const password = process.env[smtpPasswordVariable];
  // A missing password is the environment's state, not a bad config (the keychain may be locked): the service
  // still watches everything, and says why mail stays off.
  if (lacksPassword(config.smtp, password)) {
    logger.error(`Email handlers are off: the SMTP settings name a user but no password was given (${smtpPasswordVariable} or smtp.password).`);
    return undefined;
  }
  return smtpSettingsFrom(config.smtp, password);
}

/**
 * Listens on the configured port, or, when another program holds it and the caller allows it, on a free one (said
 * in the log). Tried for real rather than probed first, so two services starting at once cannot both take it.
 */
async function listenOn(app: { listen(options: { host: string; port: number }): Promise<unknown> }, config: ServiceConfig, options: StartOptions, logger: Logger): Promise<void> {
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    if (options.portIfTaken !== 'any' || config.port === 0 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    logger.warn(`Port ${config.port} on ${config.host} is taken by another program, so the service listens on a free port instead; its address and heartbeat ping URLs change with it.`);
    await app.listen({ host: config.host, port: 0 });
  }
}

export async function startService(config: ServiceConfig, ports: ServicePorts, options: StartOptions = {}): Promise<RunningService> {
  const { clock, logger, fetch } = ports;
  keepShortLivedObjectsYoung();
  const dataDir = ensureDataDir(config.dataDir, (problem) => logger.warn(problem));
  const signingKey = loadOrCreateSigningKey(dataDir);
  const revocation = new TokenRevocation(dataDir, logger);
  const smtp = smtpFrom(config, logger);
  const db = openDatabase(dataDir);
  const monitors = new MonitorStore(db);
  const heartbeats = new HeartbeatStore(db);
  const domains = new DomainStore(db);
  const handlers = new HandlerStore(db);
  const problems = new ServiceProblems();
  const changes = new ChangeFeed();
  const upkeep = new Upkeep(clock);
  let history: HistoryService;
  try {
    history = new HistoryService({
      dataDir,
      mainDb: db,
      clock,
      upkeep,
      logger,
      problems,
      monitors,
      heartbeats,
      domains,
      retention: {
        rawHours: config.historyRetentionHours,
        hourlyDays: config.hourlyRetentionDays,
        dailyDays: config.dailyRetentionDays,
        pingDays: config.pingRetentionDays,
      },
      settleMs: config.checkTimeoutMs + historySettleMarginMs,
      // The service's own start and stop are not told: a follower's stream ends and starts with them. A monitor's
      // changes are told once its status is saved (the check loop's onChangesSaved), so the API answers with them.
      onEvent: (event) => {
        if (event.kind === 'service' || event.kind === 'monitor') return;
        changes.publish(event.itemId === undefined ? { kind: event.kind } : { kind: event.kind, id: event.itemId });
      },
    });
  } catch (error) {
    revocation.close();
    db.close();
    throw error;
  }
  const recorder = history.recorder;
  let origin = '';
  const publicOrigin = () => config.publicOrigin ?? origin;

  const dispatcher = new AlertDispatcher({
    handlers: () => handlers.all(),
    channels: {
      email: smtp && createEmailChannel(smtp, { logger }),
      webhook: createWebhookChannel({ fetch, clock, logger }),
    },
    logger,
  });

  // Maintenance stands between every alert and the handlers. Monitors' statuses are read from the check loop,
  // which knows a result before the store has saved it.
  const items = new MaintenanceItems({ monitors, heartbeats, domains, monitorStatus: (record) => checkLoop.statusOf(record.seq) ?? record.last_status });
  const maintenanceStore = new MaintenanceStore(db);
  const schedule = new MaintenanceSchedule(maintenanceStore.all(), {
    clock,
    logger,
    recorder: { recordedOn: () => history.recordedMaintenance(), recordMaintenance: (change) => history.recordMaintenance(change) },
    nameOf: (scope) => items.nameOfId(scope),
    onChanged: () => gate.coverageChanged(),
  });
  const gate: AlertGate = new AlertGate({
    store: new HeldAlertStore(db),
    logger,
    covers: (itemKey) => schedule.covers(itemKey),
    currentState: (itemKey) => items.stateOf(itemKey),
    downItems: () => monitors.all().flatMap((record) => ((checkLoop.statusOf(record.seq) ?? record.last_status) === 'down' ? [`monitor:${record.id}`] : [])),
    stillDown: (itemKey) => {
      const record = itemKey.startsWith('monitor:') ? monitors.get(itemKey.slice('monitor:'.length)) : undefined;
      return record && checkLoop.stillDownAlert(record);
    },
    problemsAtStart: items.heartbeatProblems(),
    send: (event) => {
      logger.info(event.message, { event: event.event });
      dispatcher.dispatch(event);
    },
  });
  const maintenance = {
    windows: new MaintenanceWindows({ store: maintenanceStore, schedule, items, clock, keepOverMs: config.dailyRetentionDays * dayMs }),
    schedule,
    items,
  };
  // Dependencies stand before maintenance: a child's alert folded under its parent is never held, and one told
  // when its parent recovers is still held if its own window covers it then.
  const dependencyStore = new DependencyStore(db);
  const dependencies: ItemDependencies = new ItemDependencies({ store: dependencyStore, items, onChanged: () => fold.settle() });
  const fold: DependencyFold = new DependencyFold({ store: dependencyStore, dependencies, items, logger, send: (event) => gate.offer(event) });
  const onAlert = (event: Parameters<AlertDispatcher['dispatch']>[0]) => fold.offer(event);
  /** A deleted item's windows, dependencies and held or folded alerts go with it. */
  const forgetMaintenance = (itemKey: string, id: string) => {
    schedule.forgetScope(id);
    maintenance.windows.forgetItem(itemKey);
    fold.forget(itemKey);
    dependencies.forgetItem(itemKey);
    gate.forget(itemKey);
  };

  const checkOptions = { timeoutMs: config.checkTimeoutMs, maxRedirects: config.maxRedirects, pingCommand: config.pingCommand };
  const checkLoop: MonitorCheckLoop = new MonitorCheckLoop({
    store: monitors,
    history: recorder,
    scheduler: new CheckScheduler({
      clock,
      concurrency: config.checkConcurrency,
      runCheck: (job) => runCheck(job, checkOptions),
      onResult: (key, result, timing) => checkLoop.handleResult(key, result, timing.startedAt),
    }),
    clock,
    logger,
    failuresToConfirmDown: config.failuresToConfirmDown,
    onChangesSaved: (changed) => {
      for (const [id, statuses] of changed) changes.publish(statuses.length === 0 ? { kind: 'monitor', id } : { kind: 'monitor', id, statuses: [...statuses] });
    },
    onAlert,
    toJson: monitorJson,
  });
  const heartbeatWatcher = new HeartbeatWatcher({
    store: heartbeats,
    clock,
    graceMs: config.heartbeatGraceSeconds * 1000,
    onAlert,
    recordEvent: (event) => recorder.recordEvent(event),
    toJson: (record) => heartbeatJson(record, publicOrigin()),
  });
  const domainRefresher = new DomainRefresher({
    store: domains,
    rdap: createRdapClient({ bootstrapUrl: config.rdapBootstrapUrl, allowHttp: config.rdapAllowHttp, fetch, clock }),
    clock,
    logger,
    onAlert,
    recordEvent: (event) => recorder.recordEvent(event),
    thresholds: config.domainThresholds,
    refreshIntervalMs: config.domainRefreshHours * 3_600_000,
    toJson: (record) => domainJson(record, clock.now()),
  });

  const events: ResourceEvents = {
    monitorSaved: (record) => checkLoop.track(record),
    monitorDeleted: (record) => {
      forgetMaintenance(`monitor:${record.id}`, record.id);
      gate.forget(`certificate:${record.id}`);
      checkLoop.untrack(record);
      recorder.forget({ kind: 'monitor', seq: record.seq, id: record.id });
    },
    domainCreated: (record) => void domainRefresher.lookupNow(record),
    domainDeleted: (record) => {
      forgetMaintenance(`domain:${record.id}`, record.id);
      recorder.forget({ kind: 'domain', id: record.id });
    },
    heartbeatSaved: (record) => heartbeatWatcher.saved(record),
    heartbeatPinged: (record, signal) => {
      // The history's pings are the spec's: the successes that move `last_ping`; the runs keep the rest.
      if (signal.kind === 'success') recorder.recordPing(record.seq, record.last_ping ? Date.parse(record.last_ping) : clock.now());
      changes.publish({ kind: 'heartbeat', id: record.id });
      heartbeatWatcher.pinged(record, signal);
    },
    heartbeatDeleted: (record) => {
      forgetMaintenance(`heartbeat:${record.id}`, record.id);
      recorder.forget({ kind: 'heartbeat', seq: record.seq, id: record.id });
    },
  };
  const app = await buildApiServer({
    context: { monitors, heartbeats, domains, handlers, events, history, maintenance, dependencies, problems, changes, upkeep, clock, quotas: config.quotas, publicOrigin },
    signingKey,
    tokensValidFromMs: () => revocation.validFromMs,
    logger,
    rateLimitPerMinute: config.rateLimitPerMinute,
    bodyLimitBytes: config.bodyLimitBytes,
  });
  try {
    await listenOn(app, config, options, logger);
  } catch (error) {
    revocation.close();
    await history.close();
    db.close();
    throw error;
  }
  origin = originOf(config.host, (app.server.address() as AddressInfo).port);

  history.start();
  // After the history's start, so what changed while the service was stopped is recorded in this run.
  schedule.start();
  // A parent that recovered while the service was stopped: the children it left down are told now.
  fold.settle();
  checkLoop.start();
  heartbeatWatcher.start();
  domainRefresher.start();

  let closing: Promise<void> | undefined;
  return {
    origin,
    apiUrl: `${origin}${apiPrefix}`,
    scheduler: checkLoop.scheduler,
    dispatcher,
    history,
    close() {
      closing ??= (async () => {
        await app.close();
        revocation.close();
        heartbeatWatcher.stop();
        schedule.stop();
        await Promise.all([checkLoop.stop(), domainRefresher.stop()]);
        await history.close();
        upkeep.stop();
        await Promise.race([dispatcher.idle(), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
        db.close();
      })();
      return closing;
    },
  };
}
