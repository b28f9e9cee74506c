// A local UptimeRobot (docs/source-apis.md §4), both its APIs over the same monitors:
// - v3: `GET /v3/monitors` with `Authorization: Bearer <key>`, `{"data": [...], "nextLink": ...}` paged by an
//   integer monitor-id cursor, `nextLink` naming api.uptimerobot.com itself (as the real one does), so a client that
//   followed it would leave this server; a refusal as a JSON `message` (the exact 401 body is not published: [infer]).
// - v2: `POST /v2/getMonitors`, the key as the `api_key` form field, `offset`/`limit` (50 at most) paging, numbers as
//   strings where UptimeRobot writes them so, and its refusals on HTTP 200 with `stat: "fail"` (the passed key echoed
//   back in `passed_value`, as UptimeRobot does).
// - Its rate limit, on the test's clock: the free plan's 10 requests a minute per key, every page counted, then 429
//   with `Retry-After` and the `X-RateLimit-*` headers.
// Plus the troubles any server can have (troubles.ts), switched on by the test.
import type { ServerResponse } from 'node:http';
import type { Clock } from '../../../common/clock.ts';
import type { RecordedRequest } from '../hostile-server.ts';
import { startTroubledServer, type Trouble } from './troubles.ts';

export type FakeMonitorType = 'HTTP' | 'KEYWORD' | 'PING' | 'PORT' | 'HEARTBEAT';
export type FakeMonitorStatus = 'UP' | 'DOWN' | 'PAUSED' | 'SEEMS_DOWN' | 'NOT_CHECKED';

export interface FakeMonitor {
  id: number;
  friendlyName: string;
  url: string;
  type: FakeMonitorType;
  status: FakeMonitorStatus;
  /** Seconds. */
  interval?: number;
  port?: number;
  /** Seconds in the current status. */
  currentStateDuration?: number;
  sslExpiryDateTime?: string;
}

export interface FakeUptimeRobot {
  origin: string;
  readonly key: string;
  monitors: FakeMonitor[];
  /** v3's page size (its `limit`); v2 takes the client's `limit`, 50 at most. */
  pageSize: number;
  /** Requests a minute per key before 429; the free plan's 10. */
  requestsPerMinute: number;
  /** Where v3's `nextLink` points: UptimeRobot's own host, as the real API writes it. */
  nextLinkBase: string;
  readonly requests: RecordedRequest[];
  trouble(trouble: Trouble | undefined): void;
  stop(): Promise<void>;
}

const V2_TYPES: Record<FakeMonitorType, number> = { HTTP: 1, KEYWORD: 2, PING: 3, PORT: 4, HEARTBEAT: 5 };
const V2_STATUSES: Record<FakeMonitorStatus, number> = { PAUSED: 0, NOT_CHECKED: 1, UP: 2, SEEMS_DOWN: 8, DOWN: 9 };
const V2_MAX_LIMIT = 50;

export async function startFakeUptimeRobot(clock: Pick<Clock, 'now'>, monitors: FakeMonitor[] = []): Promise<FakeUptimeRobot> {
  /** Requests of the current minute, by key: UptimeRobot counts a fixed window, reset at `X-RateLimit-Reset`. */
  let window = { startsAt: clock.now(), counts: new Map<string, number>() };
  const fake = {
    key: 'u1234567-9f8e7d6c5b4a39281706f5e4d3c2b1a0',
    monitors,
    pageSize: 50,
    requestsPerMinute: 10,
    nextLinkBase: 'https://api.uptimerobot.com/v3/monitors',
    trouble: (next: Trouble | undefined) => troubled.trouble(next),
  };
  const troubled = await startTroubledServer(answer);
  const { server } = troubled;

  function answer(request: RecordedRequest, response: ServerResponse): void {
    if (request.method === 'GET' && /^\/v3\/monitors\/?$/.test(request.path)) return currentMonitors(request, response);
    if (request.method === 'POST' && request.path === '/v2/getMonitors') return legacyMonitors(request, response);
    json(response, 404, { message: 'Not Found' });
  }

  /** Counts the request against its key's minute; false (having answered 429) past the limit. */
  function withinLimit(key: string, response: ServerResponse): boolean {
    const now = clock.now();
    if (now - window.startsAt >= 60_000) window = { startsAt: now, counts: new Map() };
    const count = (window.counts.get(key) ?? 0) + 1;
    window.counts.set(key, count);
    const resetAt = window.startsAt + 60_000;
    const headers = {
      'x-ratelimit-limit': String(fake.requestsPerMinute),
      'x-ratelimit-remaining': String(Math.max(0, fake.requestsPerMinute - count)),
      'x-ratelimit-reset': String(Math.ceil(resetAt / 1000)),
    };
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    if (count <= fake.requestsPerMinute) return true;
    response.setHeader('retry-after', String(Math.ceil((resetAt - now) / 1000)));
    json(response, 429, { message: 'Too Many Requests' });
    return false;
  }

  function currentMonitors(request: RecordedRequest, response: ServerResponse): void {
    const authorization = request.headers.authorization ?? '';
    if (authorization !== `Bearer ${fake.key}`) return json(response, 401, { message: 'Unauthorized' });
    if (!withinLimit(fake.key, response)) return;
    const cursor = Number(request.query.get('cursor') ?? 0);
    const after = fake.monitors.filter((monitor) => monitor.id > cursor).sort((a, b) => a.id - b.id);
    const page = after.slice(0, fake.pageSize);
    const last = page.at(-1);
    const nextLink = after.length > page.length && last !== undefined ? `${fake.nextLinkBase}?limit=${fake.pageSize}&cursor=${last.id}` : null;
    json(response, 200, { data: page.map(currentShape), nextLink });
  }

  function legacyMonitors(request: RecordedRequest, response: ServerResponse): void {
    const form = new URLSearchParams(request.body);
    const key = form.get('api_key') ?? request.query.get('api_key');
    if (key === null || key === '') return json(response, 200, fail('api_key parameter is missing.', ''));
    if (key !== fake.key) return json(response, 200, fail('api_key not found.', key));
    if (!withinLimit(key, response)) return;
    const offset = Number(form.get('offset') ?? 0);
    const limit = Math.min(Number(form.get('limit') ?? V2_MAX_LIMIT), V2_MAX_LIMIT);
    const sorted = [...fake.monitors].sort((a, b) => a.id - b.id);
    json(response, 200, {
      stat: 'ok',
      pagination: { offset, limit, total: sorted.length },
      monitors: sorted.slice(offset, offset + limit).map(legacyShape),
    });
  }

  return Object.assign(fake, { origin: server.origin, requests: server.requests, stop: () => server.stop() });
}

function currentShape(monitor: FakeMonitor): Record<string, unknown> {
  return {
    id: monitor.id,
    friendlyName: monitor.friendlyName,
    url: monitor.url,
    type: monitor.type,
    status: monitor.status,
    interval: monitor.interval ?? 300,
    timeout: 30,
    port: monitor.port ?? null,
    currentStateDuration: monitor.currentStateDuration ?? 0,
    lastIncidentId: null,
    tags: [],
    gracePeriod: 0,
    keywordType: null,
    keywordValue: '',
    sslExpiryDateTime: monitor.sslExpiryDateTime ?? null,
    createDateTime: '2025-01-01T00:00:00.000Z',
  };
}

/** v2's monitor: type and status as numbers, `port` and `sub_type` as strings, "" for none. */
function legacyShape(monitor: FakeMonitor): Record<string, unknown> {
  return {
    id: monitor.id,
    friendly_name: monitor.friendlyName,
    url: monitor.url,
    type: V2_TYPES[monitor.type],
    sub_type: monitor.type === 'PORT' ? '99' : '',
    keyword_type: null,
    keyword_value: '',
    http_username: '',
    http_password: '',
    port: monitor.port === undefined ? '' : String(monitor.port),
    interval: monitor.interval ?? 300,
    status: V2_STATUSES[monitor.status],
    create_datetime: 1_735_689_600,
  };
}

function fail(message: string, passedValue: string): Record<string, unknown> {
  return { stat: 'fail', error: { type: 'invalid_parameter', parameter_name: 'api_key', passed_value: passedValue, message } };
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.statusCode = status;
  response.setHeader('content-type', 'application/json; charset=utf-8');
  response.end(JSON.stringify(body));
}
