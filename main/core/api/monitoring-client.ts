// The client for every operation of the monitoring API (spec §4), for any server that implements it. It
// reads answers with the tolerant readers of common/api and rejects with MonitoringClientError only.
import {
  type Capabilities,
  type CheckRecord,
  type Collection,
  collectionPath,
  type HistoryEvent,
  type HistoryWindow,
  type MonitorStats,
  type PingRecord,
  readCheckRecord,
  readHistoryEvent,
  readMonitorStats,
  readPingRecord,
  type Series,
  type Domain,
  type DomainCreateBody,
  type Heartbeat,
  type HeartbeatCreateBody,
  type HeartbeatEdits,
  type DomainEdits,
  type HeartbeatRun,
  readHeartbeatRun,
  type Issue,
  type ItemReader,
  type Monitor,
  type MonitorCreateBody,
  type MonitorPutBody,
  type NotificationHandler,
  type NotificationHandlerCreateBody,
  parseItem,
  parseList,
  readDomain,
  readHeartbeat,
  readMonitor,
  readNotificationHandler,
  resourcePath,
} from '../../../common/api/index.ts';
import { readDependency, type Dependency } from '../../../common/api/dependencies.ts';
import { readMaintenanceWindow, type MaintenanceCreateBody, type MaintenanceWindow } from '../../../common/maintenance/maintenance.ts';
import { systemClock, type Clock } from '../../../common/clock.ts';
import { type Logger, silentLogger } from '../../../common/logger.ts';
import { followChangeStream, type ChangeListener } from './change-stream.ts';
import { MonitoringClientError } from './client-error.ts';
import { allStatsPath, capabilitiesPath, checksPath, eventsPath, type EventsQuery, monitorStatsPath, pingsPath, runsPath, seriesPath } from './history-paths.ts';
import { capabilitiesReply, meansNoExtensions, seriesReply } from './history-replies.ts';
import { type ApiRequest, type ApiResponse, bearerCredential, sendRequest, type Transport } from './http-request.ts';
import { monitorPage, pageEntryIdentity, refusesPageZero } from './monitor-pages.ts';
import { type FirstPage, paginate } from './paginate.ts';
import { parseJsonBody, shapeError } from './parse-json.ts';
import { quietFetch } from './quiet-fetch.ts';
import { type BaseUrlCheck, checkBaseUrl, isSendableToken } from './token-safety.ts';

export interface MonitoringClientOptions {
  /** Base URL with the API prefix, e.g. `https://vigil.example/api` or `http://127.0.0.1:8731/api`. */
  baseUrl: string;
  /** Asked before every request, so a renewed token is used at once. */
  token: () => string | undefined | Promise<string | undefined>;
  fetch?: typeof globalThis.fetch;
  /** One request, headers and body together. */
  timeoutMs?: number;
  maxResponseBytes?: number;
  /** `limit` asked for on GET /monitors. */
  pageSize?: number;
  maxPages?: number;
  logger?: Logger;
  /** For request deadlines and Retry-After dates. */
  clock?: Clock;
}

export interface CallOptions {
  signal?: AbortSignal | undefined;
}

export interface ListReply<T> {
  items: T[];
  /** What the server sent that could not be used: skipped items, dropped fields. */
  issues: Issue[];
}

export interface ItemReply<T> {
  item: T;
  issues: Issue[];
}

export const clientDefaults = {
  timeoutMs: 15_000,
  maxResponseBytes: 32 * 1024 * 1024,
  pageSize: 1000,
  maxPages: 1000,
} as const;

export class MonitoringClient {
  readonly #base: BaseUrlCheck;
  readonly #token: MonitoringClientOptions['token'];
  readonly #logger: Logger;
  readonly #pageSize: number;
  readonly #maxPages: number;
  readonly #transport: Omit<Transport, 'base'>;
  /** Whether GET /monitors counts pages from 0 or 1, once a listing has shown it. */
  #firstPage: FirstPage | undefined;

  constructor(options: MonitoringClientOptions) {
    this.#base = checkBaseUrl(options.baseUrl);
    this.#token = options.token;
    this.#logger = options.logger ?? silentLogger;
    this.#pageSize = positiveInteger('pageSize', options.pageSize ?? clientDefaults.pageSize);
    this.#maxPages = positiveInteger('maxPages', options.maxPages ?? clientDefaults.maxPages);
    this.#transport = {
      fetch: options.fetch ?? quietFetch,
      clock: options.clock ?? systemClock,
      timeoutMs: positiveInteger('timeoutMs', options.timeoutMs ?? clientDefaults.timeoutMs),
      maxResponseBytes: positiveInteger('maxResponseBytes', options.maxResponseBytes ?? clientDefaults.maxResponseBytes),
    };
  }

  // Uptime monitors

  /** Every page of GET /monitors. */
  async listMonitors(options: CallOptions = {}): Promise<ListReply<Monitor>> {
    const fetchPage = (page: number, logFailure = true) => {
      const target = `${collectionPath('monitors')}?page=${page}&limit=${this.#pageSize}`;
      return this.#call({ method: 'GET', target, signal: options.signal }, monitorPage, logFailure);
    };
    const probePageZero = async () => {
      try {
        // A 1-based server may well refuse page 0; that answer is expected, not worth a warning.
        return await fetchPage(0, false);
      } catch (error) {
        if (!(error instanceof MonitoringClientError) || !refusesPageZero(error.info)) throw error;
        return undefined;
      }
    };
    const result = await paginate({
      pageSize: this.#pageSize,
      maxPages: this.#maxPages,
      firstPage: this.#firstPage,
      fetchPage,
      probePageZero,
      keyOf: pageEntryIdentity,
    });
    if (this.#firstPage === undefined && result.firstPage !== undefined) {
      this.#logger.info(`The server counts pages of monitors from ${result.firstPage}.`);
    }
    this.#firstPage = result.firstPage;
    return { items: result.items, issues: result.issues };
  }

  async getMonitor(id: string, options: CallOptions = {}): Promise<ItemReply<Monitor>> {
    return this.#item('GET', this.#path('monitors', id), readMonitor, undefined, options);
  }

  async createMonitor(body: MonitorCreateBody, options: CallOptions = {}): Promise<ItemReply<Monitor>> {
    return this.#item('POST', collectionPath('monitors'), readMonitor, body, options);
  }

  /** PUT of the full Monitor, as `buildMonitorPutBody` makes it. */
  async updateMonitor(id: string, body: MonitorPutBody, options: CallOptions = {}): Promise<ItemReply<Monitor>> {
    return this.#item('PUT', this.#path('monitors', id), readMonitor, body, options);
  }

  async deleteMonitor(id: string, options: CallOptions = {}): Promise<void> {
    return this.#delete('monitors', id, options);
  }

  // Heartbeat monitors

  async listHeartbeats(options: CallOptions = {}): Promise<ListReply<Heartbeat>> {
    return this.#list('heartbeats', readHeartbeat, options);
  }

  async getHeartbeat(id: string, options: CallOptions = {}): Promise<ItemReply<Heartbeat>> {
    return this.#item('GET', this.#path('heartbeats', id), readHeartbeat, undefined, options);
  }

  async createHeartbeat(body: HeartbeatCreateBody, options: CallOptions = {}): Promise<ItemReply<Heartbeat>> {
    return this.#item('POST', collectionPath('heartbeats'), readHeartbeat, body, options);
  }

  /** PATCH of the edited fields (docs/api-decisions.md §19): only a server listing their extensions takes them. */
  async updateHeartbeat(id: string, edits: HeartbeatEdits, options: CallOptions = {}): Promise<ItemReply<Heartbeat>> {
    return this.#item('PATCH', this.#path('heartbeats', id), readHeartbeat, edits, options);
  }

  async deleteHeartbeat(id: string, options: CallOptions = {}): Promise<void> {
    return this.#delete('heartbeats', id, options);
  }

  // Domain monitors

  async listDomains(options: CallOptions = {}): Promise<ListReply<Domain>> {
    return this.#list('domains', readDomain, options);
  }

  async getDomain(id: string, options: CallOptions = {}): Promise<ItemReply<Domain>> {
    return this.#item('GET', this.#path('domains', id), readDomain, undefined, options);
  }

  async createDomain(body: DomainCreateBody, options: CallOptions = {}): Promise<ItemReply<Domain>> {
    return this.#item('POST', collectionPath('domains'), readDomain, body, options);
  }

  /** PATCH of the edited fields (docs/api-decisions.md §19): only a server listing their extensions takes them. */
  async updateDomain(id: string, edits: DomainEdits, options: CallOptions = {}): Promise<ItemReply<Domain>> {
    return this.#item('PATCH', this.#path('domains', id), readDomain, edits, options);
  }

  async deleteDomain(id: string, options: CallOptions = {}): Promise<void> {
    return this.#delete('domains', id, options);
  }

  // Notification handlers

  async listNotificationHandlers(options: CallOptions = {}): Promise<ListReply<NotificationHandler>> {
    return this.#list('notifications', readNotificationHandler, options);
  }

  async getNotificationHandler(id: string, options: CallOptions = {}): Promise<ItemReply<NotificationHandler>> {
    return this.#item('GET', this.#path('notifications', id), readNotificationHandler, undefined, options);
  }

  async createNotificationHandler(body: NotificationHandlerCreateBody, options: CallOptions = {}): Promise<ItemReply<NotificationHandler>> {
    return this.#item('POST', collectionPath('notifications'), readNotificationHandler, body, options);
  }

  async deleteNotificationHandler(id: string, options: CallOptions = {}): Promise<void> {
    return this.#delete('notifications', id, options);
  }

  // The history extension (common/api/history.ts): only servers that list `history` under GET /capabilities

  /** The server's extensions and problems; a server without the extension (404 and the like) has none. */
  async getCapabilities(options: CallOptions = {}): Promise<Capabilities> {
    try {
      // A spec-only server's refusal is the expected answer, not worth a warning.
      return await this.#call({ method: 'GET', target: capabilitiesPath, signal: options.signal }, capabilitiesReply, false);
    } catch (error) {
      if (error instanceof MonitoringClientError && meansNoExtensions(error.info)) return { extensions: [], problems: [] };
      throw error;
    }
  }

  /** A monitor's finished checks, newest first, before the epoch ms given. */
  async listChecks(monitorId: string, query: { before?: number | undefined; limit: number }, options: CallOptions = {}): Promise<ListReply<CheckRecord>> {
    return this.#listAt(this.#target(() => checksPath(monitorId, query)), readCheckRecord, options);
  }

  async getMonitorStats(monitorId: string, window: HistoryWindow, options: CallOptions = {}): Promise<ItemReply<MonitorStats>> {
    return this.#item('GET', this.#target(() => monitorStatsPath(monitorId, window)), readMonitorStats, undefined, options);
  }

  /** Every monitor's stats over the window, each with its status bar of `slots` characters. */
  async listStats(window: HistoryWindow, slots: number, options: CallOptions = {}): Promise<ListReply<MonitorStats>> {
    return this.#listAt(allStatsPath(window, slots), readMonitorStats, options);
  }

  async getSeries(monitorId: string, window: HistoryWindow, options: CallOptions = {}): Promise<ItemReply<Series>> {
    return this.#call({ method: 'GET', target: this.#target(() => seriesPath(monitorId, window)), signal: options.signal }, (response, label) => {
      const { series, issues } = seriesReply(response, label);
      return { item: series, issues };
    });
  }

  /** One page of events, oldest first. */
  async listEvents(query: EventsQuery, options: CallOptions = {}): Promise<ListReply<HistoryEvent>> {
    return this.#listAt(eventsPath(query), readHistoryEvent, options);
  }

  /** A heartbeat's pings, newest first. */
  async listPings(heartbeatId: string, query: { before?: number | undefined; limit: number }, options: CallOptions = {}): Promise<ListReply<PingRecord>> {
    return this.#listAt(this.#target(() => pingsPath(heartbeatId, query)), readPingRecord, options);
  }

  /** A heartbeat's runs, newest first (the `cron` extension, common/api/heartbeat-run.ts); only servers that list it. */
  async listHeartbeatRuns(heartbeatId: string, query: { before?: number | undefined; limit: number }, options: CallOptions = {}): Promise<ListReply<HeartbeatRun>> {
    return this.#listAt(this.#target(() => runsPath(heartbeatId, query)), readHeartbeatRun, options);
  }

  // The maintenance extension (common/api/maintenance.ts): only servers that list `maintenance` under GET /capabilities

  /**
   * Active and upcoming windows; with `ended`, the ended ones the server still keeps too. Not logged when it fails: a
   * spec-only server refuses it, and the poll that asks carries on either way.
   */
  async listMaintenance(query: { ended: boolean }, options: CallOptions = {}): Promise<ListReply<MaintenanceWindow>> {
    return this.#listAt(`${collectionPath('maintenance')}${query.ended ? '?include=ended' : ''}`, readMaintenanceWindow, options, false);
  }

  async createMaintenance(body: MaintenanceCreateBody, options: CallOptions = {}): Promise<ItemReply<MaintenanceWindow>> {
    return this.#item('POST', collectionPath('maintenance'), readMaintenanceWindow, body, options);
  }

  /** Ends a window now (a weekly one for good; an upcoming one before it begins). */
  async endMaintenance(id: string, options: CallOptions = {}): Promise<ItemReply<MaintenanceWindow>> {
    return this.#item('POST', `${this.#path('maintenance', id)}/end`, readMaintenanceWindow, undefined, options);
  }

  // The dependencies extension (common/api/dependencies.ts): only servers that list `dependencies` under
  // GET /capabilities

  /** What each item depends on. Not logged when it fails: the poll that asks carries on either way. */
  async listDependencies(options: CallOptions = {}): Promise<ListReply<Dependency>> {
    return this.#listAt(collectionPath('dependencies'), readDependency, options, false);
  }

  /** `item` (`monitor:<id>`…) now depends on `dependsOn`; a cycle or an unknown parent is a 400 naming `depends_on`. */
  async setDependency(item: string, dependsOn: string, options: CallOptions = {}): Promise<ItemReply<Dependency>> {
    return this.#item('PUT', this.#path('dependencies', item), readDependency, { depends_on: dependsOn }, options);
  }

  /** `item` depends on nothing any more. */
  async removeDependency(item: string, options: CallOptions = {}): Promise<void> {
    return this.#delete('dependencies', item, options);
  }

  // The shared steps

  #list<T>(collection: Collection, reader: ItemReader<T>, options: CallOptions): Promise<ListReply<T>> {
    return this.#listAt(collectionPath(collection), reader, options);
  }

  #listAt<T>(target: string, reader: ItemReader<T>, options: CallOptions, logFailure = true): Promise<ListReply<T>> {
    return this.#call(
      { method: 'GET', target, signal: options.signal },
      (response, label) => {
        const parsed = parseList(reader, parseJsonBody(response, label));
        if (!parsed.ok) throw shapeError(response.status, label, parsed.error);
        return { items: parsed.items, issues: parsed.issues };
      },
      logFailure,
    );
  }

  #item<T>(method: ApiRequest['method'], target: string, reader: ItemReader<T>, body: unknown, options: CallOptions): Promise<ItemReply<T>> {
    return this.#call({ method, target, body, signal: options.signal }, (response, label) => {
      const parsed = parseItem(reader, parseJsonBody(response, label));
      if (!parsed.ok) throw shapeError(response.status, label, parsed.error);
      return { item: parsed.item, issues: parsed.issues };
    });
  }

  #delete(collection: Collection, id: string, options: CallOptions): Promise<void> {
    // 204 has no body; a server that sends one anyway has it read (within the cap) and ignored.
    return this.#call({ method: 'DELETE', target: this.#path(collection, id), signal: options.signal }, () => undefined);
  }

  #path(collection: Collection, id: string): string {
    return this.#target(() => resourcePath(collection, id));
  }

  /** A path built from an id: one that cannot be put in a URL fails as a bad request before anything is sent. */
  #target(build: () => string): string {
    try {
      return build();
    } catch (error) {
      throw new MonitoringClientError({ kind: 'bad-request', message: (error as Error).message });
    }
  }

  /** Sends the request and reads the answer; every failure is a MonitoringClientError, logged once. */
  async #call<R>(request: Omit<ApiRequest, 'credential'>, read: (response: ApiResponse, label: string) => R, logFailure = true): Promise<R> {
    try {
      if (!this.#base.ok) throw new MonitoringClientError(this.#base.info);
      const token = await this.#readToken();
      const response = await sendRequest({ ...this.#transport, base: this.#base.base }, { ...request, credential: bearerCredential(token) });
      return read(response, `${request.method} ${request.target}`);
    } catch (error) {
      if (logFailure && error instanceof MonitoringClientError && error.info.kind !== 'cancelled') {
        this.#logger.warn('A request to the monitoring server failed.', {
          request: `${request.method} ${request.target}`,
          kind: error.info.kind,
          status: error.info.status,
          reason: error.info.message,
        });
      }
      throw error;
    }
  }

  /**
   * Follows `GET /changes` (where the server lists the `changes` extension) until the server ends it; rejects as
   * every call does. Not logged here: the follower says once that it fell back to polling.
   */
  async followChanges(listener: ChangeListener, signal: AbortSignal): Promise<void> {
    if (!this.#base.ok) throw new MonitoringClientError(this.#base.info);
    await followChangeStream({ ...this.#transport, base: this.#base.base }, await this.#readToken(), listener, signal);
  }

  async #readToken(): Promise<string> {
    let token: string | undefined;
    try {
      token = await this.#token();
    } catch {
      throw unauthorized('The access token could not be read, so nothing was sent to the server.');
    }
    if (token === undefined || token === '') throw unauthorized('No access token is set for this server, so nothing was sent to it.');
    if (!isSendableToken(token)) {
      throw unauthorized('The access token contains spaces or characters that cannot be sent in an HTTP header.');
    }
    return token;
  }
}

function unauthorized(message: string): MonitoringClientError {
  return new MonitoringClientError({ kind: 'unauthorized', message });
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`MonitoringClient: ${name} must be a whole number above 0, got ${value}.`);
  return value;
}
