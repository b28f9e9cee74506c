// An Uptime Kuma 2.x on 127.0.0.1, answering as docs/source-apis.md §1 and Kuma's code show:
// - `GET /metrics` behind HTTP Basic with the API key as the password (the user ignored); a wrong or missing key, or
//   the API rate limiter spent (60 a minute, `apiRequestsLeft` here), is a bare 401 with `WWW-Authenticate: Basic`
//   (express-basic-auth, `challenge: true`); the body prom-client renders: HELP/TYPE per family, tag labels first,
//   a null field printed "null", a family without samples still printed, the Node process metrics beside.
// - `GET /api/status-page/<slug>` and `/api/status-page/heartbeat/<slug>`, the slug lower-cased; an unknown slug a
//   404 `{"status":"fail","msg":"Status Page Not Found"}` on the first and a 403 carrying a JavaScript error on the
//   second; Express' weak ETag and 304 on both.
// - Any other path: the web app's index.html (Kuma's catch-all route).
// Each test switches its monitors, beats and trouble (a reverse proxy's HTML 502, a proxy's 429 with Retry-After, a
// body cut short).
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { startHostileServer, type RecordedRequest } from '../hostile-server.ts';
import { NGINX_PAGE } from './troubles.ts';

export interface FakeKumaMonitor {
  id: number;
  name: string;
  type: string;
  url?: string;
  hostname?: string | null;
  port?: number | null;
  /** 0 down, 1 up, 2 pending, 3 maintenance. */
  status: 0 | 1 | 2 | 3;
  /** ms; -1 where the beat had no response time. */
  ping: number;
  certDaysRemaining?: number;
  /** Kuma tags: each tag name becomes a label of every monitor. */
  tags?: Record<string, string>;
}

export interface FakeKumaBeat {
  status: number;
  /** Kuma's DB time, `YYYY-MM-DD HH:mm:ss.SSS` in UTC. */
  time: string;
  msg: string;
  ping: number | null;
}

/** docs/source-apis.md §1.1's example: an HTTP monitor up with a certificate, a port monitor down. */
export const KUMA_MONITORS: FakeKumaMonitor[] = [
  { id: 1, name: 'API', type: 'http', url: 'https://api.example.com/health', hostname: null, port: null, status: 1, ping: 123, certDaysRemaining: 41, tags: { env: 'prod' } },
  { id: 2, name: 'DB', type: 'port', url: 'https://', hostname: 'db.internal', port: 5432, status: 0, ping: -1 },
];

/** docs/source-apis.md §1.3: beats oldest first, messages blanked by the public API. */
export const KUMA_BEATS: Record<string, (FakeKumaBeat | 0)[]> = {
  '1': [
    { status: 1, time: '2026-11-29 07:39:00.001', msg: '', ping: 118 },
    { status: 1, time: '2026-11-29 07:40:00.123', msg: '', ping: 123 },
  ],
  '2': [
    { status: 1, time: '2026-11-29 07:39:00.456', msg: '', ping: 4 },
    { status: 0, time: '2026-11-29 07:40:00.456', msg: '', ping: null },
    { status: 0, time: '2026-11-29 07:41:00.456', msg: '', ping: null },
  ],
};

export type KumaTrouble = 'none' | 'proxy-error' | 'rate-limited' | 'cut';

export interface FakeKuma {
  /** Kuma's base URL, as a person configures it. */
  url: string;
  readonly requests: RecordedRequest[];
  /** The only key /metrics accepts. */
  apiKey: string;
  /** What the API rate limiter has left; at 0, even the right key is a 401. */
  apiRequestsLeft: number;
  monitors: FakeKumaMonitor[];
  slug: string;
  title: string;
  /** By monitor id; the monitors of `monitors` are the page's too. */
  beats: Record<string, (FakeKumaBeat | 0)[]>;
  trouble: KumaTrouble;
  close(): Promise<void>;
}

const INDEX_HTML = '<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"><title>Uptime Kuma</title></head><body><div id="app"></div></body></html>';

export async function startFakeKuma(apiKey = 'uk1_9fQ2vXw7LmR4tYc8NbK3'): Promise<FakeKuma> {
  // The script reads Kuma's switches as the test sets them; the server's address and requests are set once it listens.
  const kuma: FakeKuma = {
    url: '',
    requests: [],
    apiKey,
    apiRequestsLeft: 60,
    monitors: KUMA_MONITORS,
    slug: 'main',
    title: 'Main',
    beats: KUMA_BEATS,
    trouble: 'none',
    close: () => Promise.resolve(),
  };
  const server = await startHostileServer((request, response) => {
    switch (kuma.trouble) {
      case 'proxy-error':
        response.writeHead(502, { server: 'nginx', 'content-type': 'text/html' });
        response.end(NGINX_PAGE);
        return;
      case 'rate-limited':
        response.writeHead(429, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '45' });
        response.end('Too Many Requests');
        return;
      case 'cut':
      case 'none':
        break;
    }
    const send = (status: number, contentType: string, body: string) => {
      if (kuma.trouble === 'cut') {
        response.writeHead(status, { 'content-type': contentType, 'content-length': String(Buffer.byteLength(body)) });
        response.write(body.slice(0, body.length / 2), () => response.socket?.destroy());
        return;
      }
      response.writeHead(status, { 'content-type': contentType });
      response.end(body);
    };
    if (request.path === '/metrics') {
      const password = basicPassword(request.headers.authorization);
      const allowed = kuma.apiRequestsLeft > 0 && password === kuma.apiKey;
      // Kuma's limiter spends a token on every request, accepted or not.
      kuma.apiRequestsLeft = Math.max(0, kuma.apiRequestsLeft - 1);
      if (!allowed) {
        response.writeHead(401, { 'www-authenticate': 'Basic', 'content-type': 'text/html; charset=utf-8', 'content-length': '0', etag: 'W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"' });
        response.end();
        return;
      }
      send(200, 'text/plain; version=0.0.4; charset=utf-8', renderMetrics(kuma.monitors));
      return;
    }
    const pageRoute = /^\/api\/status-page\/(heartbeat\/)?([^/]+)$/.exec(request.path);
    if (pageRoute !== null) {
      const slug = decodeURIComponent(pageRoute[2] ?? '').toLowerCase();
      const known = slug === kuma.slug;
      if (pageRoute[1] === undefined) {
        if (!known) return sendJson(response, 404, { status: 'fail', msg: 'Status Page Not Found' }, request.headers['if-none-match'], send);
        return sendJson(response, 200, statusPageBody(kuma), request.headers['if-none-match'], send);
      }
      if (!known) return sendJson(response, 403, { status: 'fail', msg: "Cannot read properties of null (reading 'heartbeat_bar_days')" }, request.headers['if-none-match'], send);
      return sendJson(response, 200, heartbeatBody(kuma), request.headers['if-none-match'], send);
    }
    send(200, 'text/html; charset=utf-8', INDEX_HTML);
  });
  return Object.assign(kuma, { url: server.origin, requests: server.requests, close: () => server.stop() });
}

function basicPassword(authorization: string | undefined): string | undefined {
  const encoded = /^Basic (.+)$/.exec(authorization ?? '')?.[1];
  if (encoded === undefined) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1 ? undefined : decoded.slice(colon + 1);
}

/** Express' `res.json`: its weak ETag (length and hash of the body) and a 304 when the client already has it. */
function sendJson(response: ServerResponse, status: number, body: unknown, ifNoneMatch: string | undefined, send: (status: number, contentType: string, body: string) => void): void {
  const text = JSON.stringify(body);
  const etag = `W/"${Buffer.byteLength(text).toString(16)}-${createHash('sha1').update(text).digest('base64').slice(0, 27)}"`;
  response.setHeader('etag', etag);
  if (status === 200 && ifNoneMatch === etag) {
    response.writeHead(304);
    response.end();
    return;
  }
  send(status, 'application/json; charset=utf-8', text);
}

function statusPageBody(kuma: FakeKuma): unknown {
  return {
    config: {
      slug: kuma.slug,
      title: kuma.title,
      description: null,
      icon: '/icon.svg',
      autoRefreshInterval: 300,
      theme: 'auto',
      published: true,
      showTags: false,
      customCSS: '',
      footerText: null,
      showPoweredBy: true,
      googleAnalyticsId: null,
      showCertificateExpiry: false,
    },
    incident: null,
    publicGroupList:
      kuma.monitors.length === 0
        ? []
        : [{ id: 1, name: 'Services', weight: 1, monitorList: kuma.monitors.map((monitor) => ({ id: monitor.id, name: monitor.name, sendUrl: 0, type: monitor.type })) }],
    maintenanceList: [],
  };
}

function heartbeatBody(kuma: FakeKuma): unknown {
  const heartbeatList = Object.fromEntries(kuma.monitors.map((monitor) => [String(monitor.id), kuma.beats[String(monitor.id)] ?? []]));
  const uptimeList = Object.fromEntries(kuma.monitors.map((monitor) => [`${monitor.id}_24`, monitor.status === 0 ? 0.9931 : 1]));
  return { heartbeatList, uptimeList };
}

const FAMILIES = [
  ['monitor_cert_days_remaining', 'The number of days remaining until the certificate expires'],
  ['monitor_cert_is_valid', 'Is the certificate still valid? (1 = Yes, 0= No)'],
  ['monitor_response_time', 'Monitor Response Time (ms)'],
  ['monitor_status', 'Monitor Status (1 = UP, 0= DOWN, 2= PENDING, 3= MAINTENANCE)'],
] as const;

/** Kuma's /metrics as prom-client renders it: tag labels first (every tag name Kuma knows), then the monitor's. */
export function renderMetrics(monitors: readonly FakeKumaMonitor[]): string {
  const tagNames = [...new Set(monitors.flatMap((monitor) => Object.keys(monitor.tags ?? {})))].sort((a, b) => a.localeCompare(b));
  const labelsOf = (monitor: FakeKumaMonitor) => {
    const labels: [string, string][] = [
      ...tagNames.filter((name) => monitor.tags?.[name] !== undefined).map((name): [string, string] => [name, monitor.tags?.[name] ?? '']),
      ['monitor_id', String(monitor.id)],
      ['monitor_name', monitor.name],
      ['monitor_type', monitor.type],
      ['monitor_url', monitor.url ?? 'null'],
      ['monitor_hostname', monitor.hostname === undefined || monitor.hostname === null ? 'null' : monitor.hostname],
      ['monitor_port', monitor.port === undefined || monitor.port === null ? 'null' : String(monitor.port)],
    ];
    return `{${labels.map(([name, value]) => `${name}="${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
  };
  const valueOf: Record<(typeof FAMILIES)[number][0], (monitor: FakeKumaMonitor) => number | undefined> = {
    monitor_cert_days_remaining: (monitor) => monitor.certDaysRemaining,
    monitor_cert_is_valid: (monitor) => (monitor.certDaysRemaining === undefined ? undefined : monitor.certDaysRemaining > 0 ? 1 : 0),
    monitor_response_time: (monitor) => monitor.ping,
    monitor_status: (monitor) => monitor.status,
  };
  const blocks = [
    '# HELP process_cpu_user_seconds_total Total user CPU time spent in seconds.\n# TYPE process_cpu_user_seconds_total counter\nprocess_cpu_user_seconds_total 1.234',
    ...FAMILIES.map(([name, help]) => {
      const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} gauge`];
      for (const monitor of monitors) {
        const value = valueOf[name](monitor);
        if (value !== undefined) lines.push(`${name}${labelsOf(monitor)} ${value}`);
      }
      return lines.join('\n');
    }),
  ];
  return `${blocks.join('\n\n')}\n`;
}

/** `count` monitors of one kind, to make Kuma's answer as large as a big installation's. */
export function manyMonitors(count: number): FakeKumaMonitor[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `Service ${index + 1}`,
    type: 'http',
    url: `https://service-${index + 1}.example.com/health`,
    hostname: null,
    port: null,
    status: index % 50 === 0 ? 0 : 1,
    ping: 100 + (index % 400),
    tags: { env: 'prod', team: `team-${index % 20}` },
  }));
}
