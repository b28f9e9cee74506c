// A public status page on 127.0.0.1, answering as docs/source-apis.md §6 (Atlassian Statuspage) and §7 (Instatus)
// show: Statuspage's `/api/v2/summary.json`, or Instatus' `/summary.json` with an HTML 404 at Statuspage's path (its
// pages are a web app that has no such route). A weak ETag and 304 to `If-None-Match`, as the pages' Rails and CDN
// front ends send (inferred: not documented, research "Open points" 4). Each test switches the page's vendor, its
// summary and its trouble (a site that moved to a plain web page, 429 with Retry-After, a body cut short, an answer
// past Vigil's cap).
import { createHash } from 'node:crypto';
import { startHostileServer, type RecordedRequest } from '../hostile-server.ts';

/** docs/source-apis.md §6: a group, a degraded, a major-outage and a maintenance component, one incident. */
export const STATUSPAGE_SUMMARY = {
  page: { id: 'kctbh9vrtdwd', name: 'Example', url: 'https://status.example.com', time_zone: 'Etc/UTC', updated_at: '2026-11-29T07:40:00.000Z' },
  components: [
    component('grp1', 'APIs', 'partial_outage', { position: 1, showcase: false, group: true, components: ['c1', 'c2'] }),
    component('c1', 'REST API', 'degraded_performance', { position: 2, group_id: 'grp1' }),
    component('c2', 'Webhooks', 'major_outage', { position: 3, group_id: 'grp1' }),
    component('c3', 'Billing', 'under_maintenance', { position: 4 }),
  ],
  incidents: [
    {
      id: 'cp306tmzcl0y',
      name: 'Webhook delivery failing',
      status: 'identified',
      created_at: '2026-11-29T07:30:00.000Z',
      updated_at: '2026-11-29T07:40:00.000Z',
      monitoring_at: null,
      resolved_at: null,
      impact: 'major',
      shortlink: 'https://stspg.io/abc',
      started_at: '2026-11-29T07:30:00.000Z',
      page_id: 'kctbh9vrtdwd',
      incident_updates: [
        {
          id: 'u1',
          status: 'identified',
          body: 'We found the cause.',
          incident_id: 'cp306tmzcl0y',
          created_at: '2026-11-29T07:40:00.000Z',
          updated_at: '2026-11-29T07:40:00.000Z',
          display_at: '2026-11-29T07:40:00.000Z',
          affected_components: [{ code: 'c2', name: 'APIs - Webhooks', old_status: 'operational', new_status: 'major_outage' }],
          deliver_notifications: true,
          custom_tweet: null,
          tweet_id: null,
        },
      ],
      components: [],
    },
  ],
  scheduled_maintenances: [],
  status: { indicator: 'major', description: 'Partial System Outage' },
};

function pastIncident(id: string, name: string, impact: string, startedAt: string, resolvedAt: string, componentIds: string[]): Record<string, unknown> {
  return {
    id,
    name,
    status: 'resolved',
    created_at: startedAt,
    updated_at: resolvedAt,
    monitoring_at: null,
    resolved_at: resolvedAt,
    impact,
    shortlink: `https://stspg.io/${id}`,
    started_at: startedAt,
    page_id: 'kctbh9vrtdwd',
    incident_updates: [],
    // incidents.json names the components an incident touched, in their summary shape.
    components: componentIds.map((componentId) => component(componentId, componentId, 'operational', {})),
  };
}

/**
 * `/api/v2/incidents.json` (docs/source-apis.md §6): the open incident of the summary, then resolved ones, newest
 * first; on Webhooks a major outage overlapped by a minor one, and a notice of no impact.
 */
export const STATUSPAGE_INCIDENTS = {
  page: STATUSPAGE_SUMMARY.page,
  incidents: [
    ...STATUSPAGE_SUMMARY.incidents,
    pastIncident('k1', 'Slow API responses', 'minor', '2026-11-28T09:00:00.000Z', '2026-11-28T10:00:00.000Z', ['c1']),
    pastIncident('k2', 'Webhook retries delayed', 'minor', '2026-11-27T11:00:00.000Z', '2026-11-27T12:00:00.000Z', ['c2']),
    pastIncident('k3', 'Webhooks not delivered', 'major', '2026-11-27T10:00:00.000Z', '2026-11-27T11:30:00.000Z', ['c2']),
    pastIncident('k4', 'New webhook signing keys', 'none', '2026-11-26T10:00:00.000Z', '2026-11-26T10:05:00.000Z', ['c2']),
  ],
};

/** A page with nothing on it yet: no components, no incidents. */
export const EMPTY_STATUSPAGE_SUMMARY = {
  page: STATUSPAGE_SUMMARY.page,
  components: [],
  incidents: [],
  scheduled_maintenances: [],
  status: { indicator: 'none', description: 'All Systems Operational' },
};

/** docs/source-apis.md §7: Instatus' own documentation example (instatus.com/help/api/public-data), verbatim. */
export const INSTATUS_SUMMARY = {
  page: { name: 'Instatus', url: 'https://instat.us', status: 'HASISSUES' },
  activeIncidents: [
    {
      name: "We're facing an issue with our API",
      started: 'Sat Jun 11 2022 18:55:50 GMT+0000 (Coordinated Universal Time)',
      status: 'INVESTIGATING',
      impact: 'MAJOROUTAGE',
      url: 'https://testing-widget.instatus.com/incident/cl4a8n3070721qtmzvts760c4',
    },
  ],
  activeMaintenances: [
    {
      name: 'Database maintenance',
      start: 'Sat Jun 11 2022 18:55:54 GMT+0000 (Coordinated Universal Time)',
      status: 'NOTSTARTEDYET',
      duration: '60',
      url: 'https://testing-widget.instatus.com/maintenance/cl4a8nlv50918qtmzdlw60ivu',
    },
  ],
};

function component(id: string, name: string, status: string, extra: Record<string, unknown>): Record<string, unknown> {
  return {
    id,
    name,
    status,
    created_at: '2017-01-31T20:05:05.370Z',
    updated_at: '2026-11-29T07:40:00.000Z',
    description: null,
    showcase: true,
    start_date: null,
    group_id: null,
    page_id: 'kctbh9vrtdwd',
    group: false,
    only_show_if_degraded: false,
    ...extra,
  };
}

export type StatusPageVendor = 'statuspage' | 'instatus';

/**
 * What goes wrong: `moved` a page that left for another vendor and whose address now serves a web site (200
 * text/html, aiwatch #1004); `rate-limited` a CDN's 429 page with `Retry-After: 30`; `cut` the summary's first half,
 * then the connection closed; `huge` a summary of some 9 MiB, past the 8 MiB Vigil reads of a status page.
 */
export type StatusPageTrouble = 'none' | 'moved' | 'rate-limited' | 'cut' | 'huge';

export interface FakeStatusPage {
  /** The page's address, as a person configures it. */
  url: string;
  readonly requests: RecordedRequest[];
  vendor: StatusPageVendor;
  /** The summary it serves (its vendor's shape); by default the research example of its vendor. */
  summary: unknown;
  /** What a Statuspage answers at `/api/v2/incidents.json`. */
  incidents: unknown;
  trouble: StatusPageTrouble;
  close(): Promise<void>;
}

const HTML_NOT_FOUND = '<!DOCTYPE html><html><head><title>Page not found</title></head><body><h1>404</h1><p>This page does not exist.</p></body></html>';
const HTML_SITE = '<!DOCTYPE html><html><head><title>Example status</title></head><body><div id="__next"></div></body></html>';
const HTML_RATE_LIMITED = '<!DOCTYPE html><html><head><title>429 Too Many Requests</title></head><body><h1>Too Many Requests</h1></body></html>';

export async function startFakeStatusPage(vendor: StatusPageVendor = 'statuspage'): Promise<FakeStatusPage> {
  // The script reads the page's switches as the test sets them; the server's address and requests are set once it listens.
  const page: FakeStatusPage = {
    url: '',
    requests: [],
    vendor,
    summary: vendor === 'statuspage' ? STATUSPAGE_SUMMARY : INSTATUS_SUMMARY,
    incidents: STATUSPAGE_INCIDENTS,
    trouble: 'none',
    close: () => Promise.resolve(),
  };
  const server = await startHostileServer((request, response) => {
    const summaryPath = page.vendor === 'statuspage' ? '/api/v2/summary.json' : '/summary.json';
    if (request.method === 'GET' && page.vendor === 'statuspage' && request.path === '/api/v2/incidents.json') {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(page.incidents));
      return;
    }
    if (request.method !== 'GET' || request.path !== summaryPath) {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      response.end(HTML_NOT_FOUND);
      return;
    }
    switch (page.trouble) {
      case 'moved':
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(HTML_SITE);
        return;
      case 'rate-limited':
        response.writeHead(429, { 'content-type': 'text/html; charset=utf-8', 'retry-after': '30' });
        response.end(HTML_RATE_LIMITED);
        return;
      case 'huge':
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        response.end(hugeSummary(9 * 1024 * 1024));
        return;
      case 'cut': {
        const body = JSON.stringify(page.summary);
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)) });
        response.write(body.slice(0, body.length / 2), () => response.socket?.destroy());
        return;
      }
      case 'none': {
        const body = JSON.stringify(page.summary);
        const etag = `W/"${createHash('sha1').update(body).digest('hex').slice(0, 20)}"`;
        const headers = { 'content-type': 'application/json; charset=utf-8', etag, 'cache-control': 'max-age=0, private, must-revalidate' };
        if (request.headers['if-none-match'] === etag) {
          response.writeHead(304, headers);
          response.end();
          return;
        }
        response.writeHead(200, headers);
        response.end(body);
      }
    }
  });
  return Object.assign(page, { url: server.origin, requests: server.requests, close: () => server.stop() });
}

/** A Statuspage summary of operational components, at least `bytes` long. */
function hugeSummary(bytes: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let index = 0; length < bytes; index++) {
    const part = JSON.stringify(component(`c${index}`, `Component ${index}`, 'operational', { position: index }));
    parts.push(part);
    length += part.length + 1;
  }
  return JSON.stringify({ ...EMPTY_STATUSPAGE_SUMMARY, components: [] }).replace('"components":[]', `"components":[${parts.join(',')}]`);
}
