// A local Gatus, answering as TwiN/gatus does (docs/source-apis.md §3): `GET /api/v1/endpoints/statuses` as a JSON
// array of every endpoint, `page`/`pageSize` paging each endpoint's results (page 1 the newest, in time order; the
// page size clamped to `storage.maximum-number-of-results`, 100) and no events; one endpoint's
// `GET /api/v1/endpoints/{key}/statuses` with its events, `endpoint not found` (404, text) for an unknown key; and its
// security: `security.api.tokens` as a bearer, checked first, then `security.basic`, whose refusal is 401
// `WWW-Authenticate: Basic` with the body `Unauthorized`. Plus the troubles any server can have (troubles.ts).
import type { ServerResponse } from 'node:http';
import type { RecordedRequest } from '../hostile-server.ts';
import { startTroubledServer, type Trouble } from './troubles.ts';

export interface FakeGatusResult {
  success: boolean;
  /** RFC 3339, as Gatus writes it (nanoseconds allowed). */
  timestamp: string;
  status?: number;
  hostname?: string;
  /** Nanoseconds, as Go's time.Duration. */
  duration?: number;
  errors?: string[];
  conditionResults?: { condition: string; success: boolean }[];
}

export interface FakeGatusEndpoint {
  name: string;
  group?: string;
  /** Oldest first, as Gatus keeps them. */
  results: FakeGatusResult[];
  events?: { type: 'START' | 'HEALTHY' | 'UNHEALTHY'; timestamp: string }[];
}

export interface FakeGatusSecurity {
  /** `security.api.tokens`. */
  tokens?: string[];
  /** `security.basic`. */
  basic?: { username: string; password: string };
}

export interface FakeGatus {
  origin: string;
  endpoints: FakeGatusEndpoint[];
  security: FakeGatusSecurity;
  readonly requests: RecordedRequest[];
  trouble(trouble: Trouble | undefined): void;
  stop(): Promise<void>;
}

/** Gatus' `storage.maximum-number-of-results` default. */
const MAXIMUM_NUMBER_OF_RESULTS = 100;
const DEFAULT_PAGE_SIZE = 20;

/** Gatus' endpoint key: `sanitize(group) + "_" + sanitize(name)`. */
export function gatusKey(endpoint: Pick<FakeGatusEndpoint, 'name' | 'group'>): string {
  const sanitize = (text: string) => text.trim().toLowerCase().replace(/[/_., #]/g, '-');
  return `${sanitize(endpoint.group ?? '')}_${sanitize(endpoint.name)}`;
}

export async function startFakeGatus(endpoints: FakeGatusEndpoint[] = [], security: FakeGatusSecurity = {}): Promise<FakeGatus> {
  const fake = {
    endpoints,
    security,
    trouble: (next: Trouble | undefined) => troubled.trouble(next),
  };
  const troubled = await startTroubledServer(answer);
  const { server } = troubled;

  function answer(request: RecordedRequest, response: ServerResponse): void {
    const one = /^\/api\/v1\/endpoints\/([^/]+)\/statuses$/.exec(request.path);
    if (request.method !== 'GET' || (one === null && request.path !== '/api/v1/endpoints/statuses')) return text(response, 404, 'Cannot GET ' + request.path);
    if (!allowed(request, response)) return;
    const { page, pageSize } = paging(request.query);
    if (one === null) return json(response, 200, fake.endpoints.map((endpoint) => status(endpoint, page, pageSize, false)));
    let key: string;
    try {
      key = decodeURIComponent(one[1] ?? '');
    } catch {
      return text(response, 400, 'invalid key encoding');
    }
    const endpoint = fake.endpoints.find((candidate) => gatusKey(candidate) === key);
    if (endpoint === undefined) return text(response, 404, 'endpoint not found');
    json(response, 200, status(endpoint, page, pageSize, true));
  }

  /** The bearer token first; a wrong one falls through to Basic, whose refusal is the only one Gatus sends. */
  function allowed(request: RecordedRequest, response: ServerResponse): boolean {
    const { tokens, basic } = fake.security;
    if (tokens === undefined && basic === undefined) return true;
    const authorization = request.headers.authorization ?? '';
    if (tokens?.some((token) => authorization === `Bearer ${token}`)) return true;
    if (basic !== undefined) {
      const given = authorization.startsWith('Basic ') ? Buffer.from(authorization.slice(6), 'base64').toString() : '';
      if (given === `${basic.username}:${basic.password}`) return true;
      response.writeHead(401, { 'www-authenticate': 'Basic', 'content-type': 'text/plain; charset=utf-8' });
      response.end('Unauthorized');
      return false;
    }
    text(response, 401, 'Unauthorized');
    return false;
  }

  return Object.assign(fake, { origin: server.origin, requests: server.requests, stop: () => server.stop() });
}

/** `extractPageAndPageSizeFromRequest`: a bad number is the default, and a page is never larger than Gatus keeps. */
function paging(query: URLSearchParams): { page: number; pageSize: number } {
  const number = (name: string, fallback: number) => {
    const value = Number.parseInt(query.get(name) ?? '', 10);
    return Number.isNaN(value) || value < 1 ? fallback : value;
  };
  return { page: number('page', 1), pageSize: Math.min(number('pageSize', DEFAULT_PAGE_SIZE), MAXIMUM_NUMBER_OF_RESULTS) };
}

/** An endpoint's status with one page of its results (page 1 the newest, still oldest first within it). */
function status(endpoint: FakeGatusEndpoint, page: number, pageSize: number, withEvents: boolean): Record<string, unknown> {
  const count = endpoint.results.length;
  const end = count - (page - 1) * pageSize;
  const results = end <= 0 ? [] : endpoint.results.slice(Math.max(0, count - page * pageSize), end);
  const body: Record<string, unknown> = { name: endpoint.name };
  if (endpoint.group !== undefined) body.group = endpoint.group;
  body.key = gatusKey(endpoint);
  body.results = results;
  if (withEvents && endpoint.events !== undefined && endpoint.events.length > 0) body.events = endpoint.events;
  return body;
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function text(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  response.end(body);
}
