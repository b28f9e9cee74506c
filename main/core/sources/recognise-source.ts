// "Add a server or source" takes one URL and says what answers there (issue 21, point 4): a Statuspage or Instatus
// page, an Uptime Kuma status page or Kuma itself, Healthchecks, Gatus, Alertmanager, UptimeRobot, or a Vigil API
// base; or, when nothing answers as any of them does, what was asked, in one sentence, so the window can offer the
// kinds to pick from. Nothing secret is sent (there is no key yet): each kind is told by what it answers without one.
//
// How (docs/source-apis.md has each source's paths and answers): a few hosts are known by name (healthchecks.io,
// UptimeRobot's API) and asked nothing. Otherwise every well-known path is asked at once, one small keyless GET each,
// with a short deadline, so an answer takes one round trip; the answers are then judged in a fixed order, most telling
// first, so the same server is always recognised as the same kind, and the first that matches cancels the rest:
//
// 1. `/api/status-page/<slug>` when the URL is a Kuma status page (`/status/<slug>`): the page's JSON (`publicGroupList`).
// 2. `/api/v2/summary.json`: a Statuspage page's summary (`page` and `components`).
// 3. `/summary.json`: an Instatus page's (`page` and `activeIncidents`).
// 4. `/api/v2/status`: Alertmanager's own status (`versionInfo` and `cluster`).
// 5. `/api/v1/endpoints/statuses?page=1&pageSize=1`: Gatus' endpoints (each with `key` and `results`), or its 401 when
//    it is protected (a token is then needed).
// 6. `/api/v3/checks/`: Healthchecks refuses a request without a key with 401 `{"error": "missing api key"}`.
// 7. `/api/status-page/default`: Kuma's status page API, its JSON or its own 404 `{"status": "fail", "msg": …}`. That is
//    Kuma's sign; `/metrics` is not asked: its 401 with `WWW-Authenticate: Basic` is what any site behind Basic auth
//    answers on every path, and each request to it spends one of the key's 60 a minute.
// 8. `/capabilities`, then `/monitors`: a Vigil server lists its extensions (or refuses without a token with the
//    monitoring API's JSON error, `{"error": {"code", "message"}}`); a spec-only server answers `/monitors` so.
import type { Clock } from '../../../common/clock.ts';
import { isJsonObject } from '../../../common/api/json.ts';
import { formatDuration } from '../../../common/format/duration.ts';
import { MonitoringClientError } from '../api/client-error.ts';
import { cancelledInfo } from '../api/http-request.ts';
import { networkFailureReason } from '../api/network-error.ts';
import { readBody } from '../api/read-body.ts';
import { isLoopbackHost } from '../api/token-safety.ts';
import { KUMA_SLUG, type ConnectionKind } from '../../../common/ipc/connection-kinds.ts';
import type { SourceRecognition } from '../../../common/ipc/views.ts';

type RecognisedSource = Extract<SourceRecognition, { kind: ConnectionKind }>;

export interface RecognitionPorts {
  fetch: typeof globalThis.fetch;
  clock: Clock;
}

/** Each probe's deadline over headers and body: a recognising window should not wait long for one silent path. */
export const probeTimeoutMs = 5_000;
/** The most of one probe's answer read: a large status page's summary is a few hundred KB. */
const maxProbeBytes = 8 * 1024 * 1024;

const HEALTHCHECKS_IO = 'https://healthchecks.io';
const UPTIMEROBOT_API = 'https://api.uptimerobot.com';
/**
 * Paths a person may paste from a source's API or web interface, stripped to find its base: a status page's JSON,
 * Healthchecks' and Gatus' lists, Alertmanager's API and UI, Kuma's dashboard, Vigil's resources.
 */
const PASTED_PATHS = [
  /\/api\/v2\/(summary|status|components)\.json$/,
  /\/summary\.json$/,
  /\/api\/v3\/checks$/,
  /\/api\/v1\/endpoints\/statuses$/,
  /\/api\/v2\/(status|alerts)$/,
  /\/#\/alerts$/,
  /\/dashboard(\/\d+)?$/,
  /\/(capabilities|monitors)$/,
];

interface ProbeAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The text parsed as JSON, or undefined. */
  json: unknown;
}

type ProbeOutcome = { ok: true; answer: ProbeAnswer } | { ok: false; error: MonitoringClientError };

interface Probe {
  path: string;
  /** The recognition, when the answer is this kind's. */
  judge(answer: ProbeAnswer): RecognisedSource | undefined;
}

/**
 * What answers at `url`, as typed by a person: `status.example.com`, `https://kuma.example.com/status/main`,
 * `http://127.0.0.1:8080/api`. Rejects only with a `MonitoringClientError` of kind `cancelled` when `signal` aborts;
 * anything else (not a URL, nothing answering, nothing recognised) is a recognition without a kind saying so.
 */
export async function recogniseSource(url: string, ports: RecognitionPorts, signal?: AbortSignal): Promise<SourceRecognition> {
  const address = parseAddress(url);
  if (typeof address === 'string') return { kind: undefined, tried: [], message: address };
  const { base, host } = address;

  const known = knownHost(address.url);
  if (known !== undefined) return known;

  const kumaPage = kumaPageOf(address.url);
  const probes = probesFor(base, kumaPage);
  const cancelled = () => new MonitoringClientError({ kind: 'cancelled', message: `Recognising ${host} was cancelled.` });
  if (signal?.aborted) throw cancelled();
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const targets = probes.map((probe) => `${kumaPage?.base ?? base}${probe.path}`);
  const outcomes = targets.map((target) => ask(target, host, ports, controller.signal));
  try {
    const settled: ProbeOutcome[] = [];
    for (const [index, probe] of probes.entries()) {
      const outcome = await (outcomes[index] as Promise<ProbeOutcome>);
      if (signal?.aborted) throw cancelled();
      settled.push(outcome);
      const recognised = outcome.ok ? probe.judge(outcome.answer) : undefined;
      if (recognised !== undefined) return recognised;
    }
    return { kind: undefined, tried: targets, message: notRecognisedMessage(address.url.origin, host, kumaPage, settled) };
  } finally {
    signal?.removeEventListener('abort', onAbort);
    // The probes still asking once one matched: stopped, and their deadlines cleared, before the answer is given.
    controller.abort();
    await Promise.all(outcomes);
  }
}

interface Address {
  url: URL;
  /** Origin and path, the path's pasted API suffix and trailing slashes removed. */
  base: string;
  host: string;
}

/** The URL as typed, made absolute (https, or http for this computer), or why it is not one. */
function parseAddress(typed: string): Address | string {
  const text = typed.trim();
  if (text === '') return 'Type the address of a status page, a monitoring tool or a Vigil server.';
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
  let url: URL;
  try {
    url = new URL(hasScheme ? text : `https://${text}`);
    // A local server rarely has a certificate: plain http for this computer, when no scheme was typed.
    if (!hasScheme && isLoopbackHost(url.hostname)) url = new URL(`http://${text}`);
  } catch {
    return `"${text}" is not a web address; it should look like status.example.com or https://kuma.example.com.`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return `The address must start with https:// (or http://), not ${url.protocol}//.`;
  }
  if (url.username !== '' || url.password !== '') {
    return 'The address must not contain a user name or password; Vigil asks for a key separately and keeps it in the keychain.';
  }
  let path = url.pathname.replace(/\/+$/, '');
  for (const pasted of PASTED_PATHS) path = path.replace(pasted, '');
  path = path.replace(/\/+$/, '');
  return { url, base: `${url.origin}${path}`, host: url.host };
}

/** Hosts known by name, asked nothing: Healthchecks' hosted service and UptimeRobot's API. */
function knownHost(url: URL): RecognisedSource | undefined {
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  if (host === 'healthchecks.io') return { kind: 'healthchecks', baseUrl: HEALTHCHECKS_IO, needsKey: true };
  if (host === 'uptimerobot.com' || host.endsWith('.uptimerobot.com')) {
    // The legacy API when the person gave its address (the adapter reads v2 for a base ending in /v2).
    const legacy = host === 'api.uptimerobot.com' && /^\/v2\/?/.test(url.pathname);
    return { kind: 'uptimerobot', baseUrl: legacy ? `${UPTIMEROBOT_API}/v2` : UPTIMEROBOT_API, needsKey: true };
  }
  return undefined;
}

/** A Kuma status page's URL (`…/status/<slug>`): the Kuma base below it and the slug, lower-cased as Kuma does. */
function kumaPageOf(url: URL): { base: string; slug: string } | undefined {
  const match = /^(.*)\/status\/([^/]+)\/?$/.exec(url.pathname);
  const slug = match?.[2] === undefined ? undefined : safeDecode(match[2]);
  if (match === null || slug === undefined || !KUMA_SLUG.test(slug)) return undefined;
  return { base: `${url.origin}${(match[1] ?? '').replace(/\/+$/, '')}`, slug: slug.toLowerCase() };
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

function probesFor(base: string, kumaPage: { base: string; slug: string } | undefined): Probe[] {
  if (kumaPage !== undefined) {
    // The URL says what it is; only whether Kuma has that page is asked.
    return [
      {
        path: `/api/status-page/${encodeURIComponent(kumaPage.slug)}`,
        judge: (answer) => {
          const config = isKumaStatusPage(answer);
          if (config === undefined) return undefined;
          const title = typeof config['title'] === 'string' && config['title'].trim() !== '' ? config['title'].trim() : undefined;
          return { kind: 'uptime-kuma', baseUrl: kumaPage.base, page: kumaPage.slug, needsKey: false, ...(title === undefined ? {} : { name: title }) };
        },
      },
    ];
  }
  const recognised = (kind: ConnectionKind, needsKey: boolean, name?: string): RecognisedSource => ({ kind, baseUrl: base, needsKey, ...(name === undefined ? {} : { name }) });
  return [
    {
      path: '/api/v2/summary.json',
      judge: ({ status, json }) => {
        if (status !== 200 || !isJsonObject(json) || !isJsonObject(json['page']) || !Array.isArray(json['components'])) return undefined;
        return recognised('statuspage', false, pageName(json['page']));
      },
    },
    {
      path: '/summary.json',
      judge: ({ status, json }) => {
        if (status !== 200 || !isJsonObject(json) || !isJsonObject(json['page']) || !Array.isArray(json['activeIncidents'])) return undefined;
        return recognised('statuspage', false, pageName(json['page']));
      },
    },
    {
      path: '/api/v2/status',
      judge: ({ status, json }) =>
        status === 200 && isJsonObject(json) && isJsonObject(json['versionInfo']) && isJsonObject(json['cluster']) ? recognised('alertmanager', false) : undefined,
    },
    {
      path: '/api/v1/endpoints/statuses?page=1&pageSize=1',
      judge: ({ status, json, text }) => {
        // Protected by `security.basic` or API tokens: Gatus' own bare refusal on this very path.
        if (status === 401 && text.trim() === 'Unauthorized') return recognised('gatus', true);
        const first: unknown = Array.isArray(json) ? json[0] : undefined;
        return status === 200 && isJsonObject(first) && typeof first['key'] === 'string' && Array.isArray(first['results']) ? recognised('gatus', false) : undefined;
      },
    },
    {
      path: '/api/v3/checks/',
      judge: ({ status, json }) => (status === 401 && isJsonObject(json) && json['error'] === 'missing api key' ? recognised('healthchecks', true) : undefined),
    },
    {
      path: '/api/status-page/default',
      judge: (answer) => {
        const { status, json } = answer;
        const notFound = status === 404 && isJsonObject(json) && json['status'] === 'fail' && typeof json['msg'] === 'string';
        return notFound || isKumaStatusPage(answer) !== undefined ? recognised('uptime-kuma', true) : undefined;
      },
    },
    { path: '/capabilities', judge: (answer) => judgeVigil(answer, base, true) },
    { path: '/monitors', judge: (answer) => judgeVigil(answer, base, false) },
  ];
}

/** A Kuma status page's JSON: its `config`, or undefined. */
function isKumaStatusPage({ status, json }: ProbeAnswer): Record<string, unknown> | undefined {
  if (status !== 200 || !isJsonObject(json) || !Array.isArray(json['publicGroupList']) || !isJsonObject(json['config'])) return undefined;
  return json['config'];
}

/**
 * The monitoring API's answer: `/capabilities` listing extensions, `/monitors` listing monitors, or either refusing a
 * request without a token with a JSON error (the spec leaves its shape open; Vigil's is `{"error": {"code", "message"}}`).
 */
function judgeVigil({ status, json }: ProbeAnswer, base: string, capabilities: boolean): RecognisedSource | undefined {
  if (status === 401) {
    const refusal = isJsonObject(json) && (json['error'] !== undefined || typeof json['message'] === 'string');
    return refusal ? { kind: 'vigil', baseUrl: base, needsKey: true } : undefined;
  }
  if (status !== 200) return undefined;
  // An empty list tells nothing (many servers answer [] to anything); a monitor has the spec's fields.
  const first: unknown = Array.isArray(json) ? json[0] : undefined;
  const listed = capabilities
    ? isJsonObject(json) && Array.isArray(json['extensions'])
    : isJsonObject(first) && typeof first['id'] === 'string' && typeof first['url'] === 'string' && typeof first['frequency'] === 'number';
  return listed ? { kind: 'vigil', baseUrl: base, needsKey: false } : undefined;
}

function pageName(page: Record<string, unknown>): string | undefined {
  const name = page['name'];
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : undefined;
}

/** One keyless GET, its answer whatever the status, or why none came (unreachable, too slow, cancelled). */
async function ask(target: string, host: string, ports: RecognitionPorts, cancel: AbortSignal): Promise<ProbeOutcome> {
  const controller = new AbortController();
  let timedOut = false;
  const onCancel = () => controller.abort();
  cancel.addEventListener('abort', onCancel, { once: true });
  const timer = ports.clock.setTimer(() => {
    timedOut = true;
    controller.abort();
  }, probeTimeoutMs);
  const failed = (error: unknown): ProbeOutcome => {
    if (timedOut) return { ok: false, error: new MonitoringClientError({ kind: 'timeout', message: `${host} did not answer within ${formatDuration(probeTimeoutMs, 'wait')}.` }) };
    if (cancel.aborted) return { ok: false, error: new MonitoringClientError(cancelledInfo(`GET ${target}`)) };
    return { ok: false, error: new MonitoringClientError({ kind: 'unreachable', message: `Could not reach ${host}: ${networkFailureReason(error)}.` }) };
  };
  try {
    // Never followed: where a redirect points is said in the message, not asked.
    const response = await ports.fetch(target, { headers: { accept: 'application/json' }, redirect: 'manual', signal: controller.signal });
    let text = '';
    const read = await readBody(response.body, maxProbeBytes);
    if (read.ok) text = new TextDecoder().decode(read.bytes);
    let json: unknown;
    try {
      json = text.trim() === '' ? undefined : (JSON.parse(text) as unknown);
    } catch {
      json = undefined;
    }
    return { ok: true, answer: { status: response.status, headers: response.headers, text, json } };
  } catch (error) {
    return failed(error);
  } finally {
    ports.clock.clearTimer(timer);
    cancel.removeEventListener('abort', onCancel);
  }
}

/** Why nothing was recognised, in one sentence: nothing answered (and why), it redirected, or it answered as none of them. */
function notRecognisedMessage(origin: string, host: string, kumaPage: { base: string; slug: string } | undefined, settled: readonly ProbeOutcome[]): string {
  const answers = settled.flatMap((outcome) => (outcome.ok ? [outcome.answer] : []));
  if (answers.length === 0) {
    const first = settled.find((outcome) => !outcome.ok);
    return first === undefined || first.ok ? `Could not reach ${host}.` : first.error.message;
  }
  if (kumaPage !== undefined) {
    return `${host} has no Uptime Kuma status page "${kumaPage.slug}" (Vigil asked ${kumaPage.base}/api/status-page/${kumaPage.slug}); check the page's address, or pick the kind of source.`;
  }
  // A site that moved (a status page gone to another vendor, http sent on to https): said, never followed.
  const elsewhere = answers.flatMap((answer) => {
    const location = answer.status >= 300 && answer.status <= 399 ? answer.headers.get('location') : null;
    const target = location === null ? undefined : originOf(location, origin);
    return target === undefined || target === origin ? [] : [target];
  })[0];
  if (elsewhere !== undefined) return `${host} sends its visitors on to ${elsewhere}; try that address, or pick the kind of source.`;
  return `${host} did not answer as a status page, Uptime Kuma, Healthchecks, Gatus, Alertmanager or a Vigil server does (Vigil asked each one's own address, without a key); pick the kind of source.`;
}

function originOf(location: string, origin: string): string | undefined {
  try {
    return new URL(location, origin).origin;
  } catch {
    return undefined;
  }
}
