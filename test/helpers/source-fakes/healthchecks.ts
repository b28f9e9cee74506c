// A local Healthchecks, answering its v3 management API as healthchecks/healthchecks does (docs/source-apis.md §2):
// `GET /api/v3/checks/` in `Check.to_dict`'s shape for a read-write key (uuid inside `ping_url`/`update_url`) or a
// read-only key (`unique_key` instead); a check's flips by uuid or unique_key; its refusals (`hc/api/decorators.py`:
// 401 `{"error": "missing api key"}` for a key that is not 32 characters, `{"error": "wrong api key"}` for an unknown
// one), its 404s (empty for an unknown unique_key, Django's HTML page otherwise), its CORS headers; and the troubles
// any server can have (troubles.ts), switched on by the test.
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { RecordedRequest } from '../hostile-server.ts';
import { startTroubledServer, type Trouble } from './troubles.ts';

export interface FakeCheck {
  uuid: string;
  name: string;
  slug?: string;
  status: 'new' | 'up' | 'grace' | 'down' | 'paused';
  started?: boolean;
  /** ISO, as Healthchecks writes it (`2026-11-29T07:40:00+00:00`), or null. */
  lastPing?: string | null;
  nextPing?: string | null;
  grace?: number;
  /** A simple check's period (s); else a cron check's `schedule` and `tz`. */
  timeout?: number;
  schedule?: string;
  tz?: string;
  /** Newest first, as Healthchecks answers them. */
  flips?: { timestamp: string; up: 0 | 1 }[];
}

export interface FakeHealthchecks {
  origin: string;
  /** 32 characters each, as Healthchecks' keys are. */
  readonly readWriteKey: string;
  readonly readOnlyKey: string;
  /** The project's checks; change them between polls. */
  checks: FakeCheck[];
  /** Answer flips as the documentation shows them (a bare array) rather than as the code does (`{"flips": [...]}`). */
  flipsAsBareList: boolean;
  readonly requests: RecordedRequest[];
  /** Every request that follows fails this way, until `trouble(undefined)`. */
  trouble(trouble: Trouble | undefined): void;
  stop(): Promise<void>;
}

/** Healthchecks' `Check.unique_key`: sha1 of the first 16 hex digits of the uuid. */
export function uniqueKeyOf(uuid: string): string {
  return createHash('sha1').update(uuid.replaceAll('-', '').slice(0, 16)).digest('hex');
}

// `@cors` on every API view.
const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'X-Api-Key', 'access-control-max-age': '600' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SHA1 = /^[0-9a-f]{40}$/;
/** Django's 404 page with DEBUG off. */
const NOT_FOUND_PAGE = '<!doctype html>\n<html lang="en">\n<head>\n  <title>Not Found</title>\n</head>\n<body>\n  <h1>Not Found</h1><p>The requested resource was not found on this server.</p>\n</body>\n</html>\n';

export async function startFakeHealthchecks(checks: FakeCheck[] = []): Promise<FakeHealthchecks> {
  const fake: Omit<FakeHealthchecks, 'origin' | 'requests' | 'stop'> = {
    readWriteKey: 'rw_ZG9udC1wYXN0ZS1tZS1hbnl3aGVyZ',
    readOnlyKey: 'ro_c3RpbGwtbm90LWEtcmVhbC1rZXk_x',
    checks,
    flipsAsBareList: false,
    trouble: (next: Trouble | undefined) => troubled.trouble(next),
  };
  const troubled = await startTroubledServer(answer);
  const { server } = troubled;

  function answer(request: RecordedRequest, response: ServerResponse): void {
    const route = /^\/api\/v3\/checks\/(?:([^/]+)\/flips\/)?$/.exec(request.path);
    if (request.method !== 'GET' || route === null) return notFoundPage(response);
    const key = String(request.headers['x-api-key'] ?? '');
    if (key.length !== 32) return json(response, 401, { error: 'missing api key' });
    if (key !== fake.readWriteKey && key !== fake.readOnlyKey) return json(response, 401, { error: 'wrong api key' });
    const readOnly = key === fake.readOnlyKey;
    const code = route[1];
    if (code === undefined) return json(response, 200, { checks: fake.checks.map((check) => toDict(check, readOnly, server.origin)) });
    // `checks/<uuid:code>/flips/` and `checks/<sha1:unique_key>/flips/`; anything else matches no route.
    const byUuid = UUID.test(code);
    if (!byUuid && !SHA1.test(code)) return notFoundPage(response);
    const check = fake.checks.find((candidate) => (byUuid ? candidate.uuid === code : uniqueKeyOf(candidate.uuid) === code));
    if (check === undefined) return byUuid ? notFoundPage(response) : empty(response, 404);
    const flips = check.flips ?? [];
    json(response, 200, fake.flipsAsBareList ? flips : { flips });
  }

  return Object.assign(fake, { origin: server.origin, requests: server.requests, stop: () => server.stop() });
}

/** `Check.to_dict(readonly, v=3)`, its keys in the order Healthchecks writes them. */
function toDict(check: FakeCheck, readOnly: boolean, origin: string): Record<string, unknown> {
  const dict: Record<string, unknown> = {
    name: check.name,
    slug: check.slug ?? '',
    tags: '',
    desc: '',
    grace: check.grace ?? 3600,
    n_pings: check.lastPing == null ? 0 : 1,
    status: check.status,
    started: check.started ?? false,
    last_ping: check.lastPing ?? null,
    next_ping: check.nextPing ?? null,
    manual_resume: false,
    methods: '',
    subject: '',
    subject_fail: '',
    start_kw: '',
    success_kw: '',
    failure_kw: '',
    filter_subject: false,
    filter_body: false,
  };
  if (readOnly) {
    dict.unique_key = uniqueKeyOf(check.uuid);
  } else {
    dict.ping_url = `${origin}/ping/${check.uuid}`;
    dict.update_url = `${origin}/api/v3/checks/${check.uuid}`;
    dict.pause_url = `${origin}/api/v3/checks/${check.uuid}/pause`;
    dict.resume_url = `${origin}/api/v3/checks/${check.uuid}/resume`;
    dict.channels = '';
  }
  if (check.schedule === undefined) {
    dict.timeout = check.timeout ?? 86_400;
  } else {
    dict.schedule = check.schedule;
    dict.tz = check.tz ?? 'UTC';
  }
  return dict;
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', ...CORS });
  response.end(JSON.stringify(body));
}

function empty(response: ServerResponse, status: number): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...CORS });
  response.end();
}

function notFoundPage(response: ServerResponse): void {
  response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
  response.end(NOT_FOUND_PAGE);
}
