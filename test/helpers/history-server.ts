// A small monitoring server for the client's history tests, on 127.0.0.1 over real HTTP: the spec's lists from
// what the test puts in, and, once the test gives it capabilities, the history extension in the shapes of
// common/api/history.ts (until then `GET /capabilities` is a 404, as on a spec-only server). It can fail every
// request on demand. It takes the spec's writes too (POST, GET by id, the monitor's PUT, DELETE), refusing a field
// the spec does not name with 400 as a strict server would, so a test sees what a client sends it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Capabilities, CheckRecord, Domain, Heartbeat, HistoryEvent, Monitor, MonitorStats, NotificationHandler, PingRecord, Series } from '../../common/api/index.ts';

export interface HistoryServerState {
  monitors: Monitor[];
  heartbeats: Heartbeat[];
  domains: Domain[];
  handlers: NotificationHandler[];
  /** Undefined: spec-only (404). */
  capabilities: Capabilities | undefined;
  /** By monitor id, then window. */
  stats: Record<string, Record<string, MonitorStats>>;
  /** `GET /stats` items. */
  allStats: MonitorStats[];
  series: Record<string, Series>;
  checks: Record<string, CheckRecord[]>;
  pings: Record<string, PingRecord[]>;
  /** Oldest first. */
  events: HistoryEvent[];
  /** Every request answers 503 while set. */
  failing: boolean;
}

export interface HistoryServer {
  apiUrl: string;
  state: HistoryServerState;
  /** Each request's method and path with query, in order. */
  requests: string[];
  close(): Promise<void>;
}

export async function startHistoryServer(initial: Partial<HistoryServerState> = {}): Promise<HistoryServer> {
  const state: HistoryServerState = {
    monitors: [],
    heartbeats: [],
    domains: [],
    handlers: [],
    capabilities: undefined,
    stats: {},
    allStats: [],
    series: {},
    checks: {},
    pings: {},
    events: [],
    failing: false,
    ...initial,
  };
  const requests: string[] = [];
  const server = createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => answer(state, requests, request, response, text));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}/api`,
    state,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The fields the spec's bodies name (monitoring-api.md §2), per collection. */
const SPEC_FIELDS: Record<string, readonly string[]> = {
  monitors: ['id', 'name', 'url', 'type', 'frequency', 'last_status', 'created_at', 'updated_at'],
  heartbeats: ['name', 'expected_interval'],
  domains: ['domain'],
  notifications: ['name', 'type', 'destination'],
};

type Collection = 'monitors' | 'heartbeats' | 'domains';

let lastId = 0;

/** A spec write (POST, the monitor's PUT, DELETE), or undefined when the request is not one. */
function write(state: HistoryServerState, method: string, parts: string[], body: string, json: (status: number, body: unknown) => void): true | undefined {
  const [collection, id, sub] = parts;
  if (collection === undefined || sub !== undefined || !['monitors', 'heartbeats', 'domains'].includes(collection)) return undefined;
  const items = state[collection as Collection] as { id?: string }[];
  const index = items.findIndex((item) => item.id === id);
  if (method === 'GET' && id !== undefined) return (index < 0 ? json(404, { error: { code: 'not_found', message: 'No such item.' } }) : json(200, items[index]), true);
  if (method === 'DELETE' && id !== undefined) {
    if (index >= 0) items.splice(index, 1);
    return (json(index < 0 ? 404 : 204, index < 0 ? { error: { code: 'not_found', message: 'No such item.' } } : undefined), true);
  }
  if (method !== 'POST' && !(method === 'PUT' && collection === 'monitors' && id !== undefined)) return undefined;
  const given = JSON.parse(body) as Record<string, unknown>;
  const unknown = Object.keys(given).filter((field) => !(SPEC_FIELDS[collection] ?? []).includes(field));
  if (unknown.length > 0) return (json(400, { error: { code: 'validation_failed', message: `Unknown field: ${unknown.join(', ')}.` } }), true);
  if (method === 'PUT') {
    if (index < 0) return (json(404, { error: { code: 'not_found', message: 'No such item.' } }), true);
    items[index] = { ...items[index], ...given, id };
    return (json(200, items[index]), true);
  }
  const made = { ...given, id: `${collection.slice(0, 3)}_${++lastId}` };
  items.push(made);
  return (json(201, made), true);
}

function answer(state: HistoryServerState, requests: string[], request: IncomingMessage, response: ServerResponse, body: string): void {
  const url = new URL(request.url ?? '/', 'http://localhost');
  requests.push(`${request.method} ${url.pathname}${url.search}`);
  const json = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const notFound = () => json(404, { error: { code: 'not_found', message: 'Nothing here.' } });
  if (state.failing) return json(503, { error: { code: 'unavailable', message: 'Down for maintenance.' } });
  const path = url.pathname.replace(/^\/api/, '');
  const query = url.searchParams;
  const history = state.capabilities?.extensions.includes('history') === true;
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  if (write(state, request.method ?? 'GET', parts, body, json)) return;
  if (path === '/monitors') return json(200, query.get('page') === '1' || !query.has('page') ? state.monitors : []);
  if (path === '/heartbeats') return json(200, state.heartbeats);
  if (path === '/domains') return json(200, state.domains);
  if (path === '/notifications') return json(200, state.handlers);
  if (path === '/capabilities') return state.capabilities === undefined ? notFound() : json(200, state.capabilities);
  if (!history) return notFound();
  if (path === '/stats') return json(200, state.allStats);
  if (path === '/events') {
    const since = Date.parse(query.get('since') ?? '1970-01-01T00:00:00Z');
    const item = query.get('item');
    const after = query.get('after');
    const limit = Number(query.get('limit') ?? 100);
    let events = state.events.filter((event) => Date.parse(event.at ?? '') >= since && (item === null || (item === 'service' ? event.kind === 'service' : `${event.kind}:${event.item_id}` === item)));
    if (after !== null) events = events.slice(events.findIndex((event) => event.id === after) + 1);
    return json(200, events.slice(0, limit));
  }
  const [collection, id, sub] = parts;
  if (collection === 'monitors' && id !== undefined && sub === 'stats') {
    const stats = state.stats[id]?.[query.get('window') ?? ''];
    return stats === undefined ? notFound() : json(200, stats);
  }
  if (collection === 'monitors' && id !== undefined && sub === 'series') return state.series[id] === undefined ? notFound() : json(200, state.series[id]);
  if (collection === 'monitors' && id !== undefined && sub === 'checks') {
    const before = query.has('before') ? Date.parse(query.get('before') ?? '') : Infinity;
    const checks = (state.checks[id] ?? []).filter((check) => Date.parse(check.checked_at ?? '') < before);
    return json(200, checks.slice(0, Number(query.get('limit') ?? 50)));
  }
  if (collection === 'heartbeats' && id !== undefined && sub === 'pings') return json(200, (state.pings[id] ?? []).slice(0, Number(query.get('limit') ?? 100)));
  return notFound();
}
