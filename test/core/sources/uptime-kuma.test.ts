// Uptime Kuma's two answers, /metrics and a public status page, read into Vigil's items.
import { describe, expect, it } from 'vitest';
import { SourceShapeError } from '../../../main/core/sources/source-reading.ts';
import { readUptimeKumaMetrics, readUptimeKumaStatusPage } from '../../../main/core/sources/uptime-kuma.ts';

const BASE = 'https://kuma.example.com/';

// docs/source-apis.md §1.1: Kuma's server/prometheus.js rendered by prom-client (labels: tags first, then
// monitor_id…; null as "null"), reproduced exactly.
const METRICS = `# HELP monitor_cert_days_remaining The number of days remaining until the certificate expires
# TYPE monitor_cert_days_remaining gauge
monitor_cert_days_remaining{env="prod",monitor_id="1",monitor_name="API",monitor_type="http",monitor_url="https://api.example.com/health",monitor_hostname="null",monitor_port="null"} 41

# HELP monitor_cert_is_valid Is the certificate still valid? (1 = Yes, 0= No)
# TYPE monitor_cert_is_valid gauge
monitor_cert_is_valid{env="prod",monitor_id="1",monitor_name="API",monitor_type="http",monitor_url="https://api.example.com/health",monitor_hostname="null",monitor_port="null"} 1

# HELP monitor_response_time Monitor Response Time (ms)
# TYPE monitor_response_time gauge
monitor_response_time{env="prod",monitor_id="1",monitor_name="API",monitor_type="http",monitor_url="https://api.example.com/health",monitor_hostname="null",monitor_port="null"} 123
monitor_response_time{monitor_id="2",monitor_name="DB",monitor_type="port",monitor_url="https://",monitor_hostname="db.internal",monitor_port="5432"} -1

# HELP monitor_status Monitor Status (1 = UP, 0= DOWN, 2= PENDING, 3= MAINTENANCE)
# TYPE monitor_status gauge
monitor_status{env="prod",monitor_id="1",monitor_name="API",monitor_type="http",monitor_url="https://api.example.com/health",monitor_hostname="null",monitor_port="null"} 1
monitor_status{monitor_id="2",monitor_name="DB",monitor_type="port",monitor_url="https://",monitor_hostname="db.internal",monitor_port="5432"} 0
`;

// The Node process metrics Kuma's prometheus-api-metrics middleware adds (§1.1), as prom-client prints them.
const PROCESS_METRICS = `# HELP process_cpu_user_seconds_total Total user CPU time spent in seconds.
# TYPE process_cpu_user_seconds_total counter
process_cpu_user_seconds_total 1.234

# HELP nodejs_heap_size_total_bytes Process heap size from Node.js in bytes.
# TYPE nodejs_heap_size_total_bytes gauge
nodejs_heap_size_total_bytes 51200000
`;

function statusLine(status: string, labels = 'monitor_id="7",monitor_name="Web",monitor_type="http",monitor_url="https://web.example.com",monitor_hostname="null",monitor_port="null"'): string {
  return `monitor_status{${labels}} ${status}\n`;
}

describe('readUptimeKumaMetrics', () => {
  it('reads the research body: one monitor item per monitor_id', () => {
    const reading = readUptimeKumaMetrics(PROCESS_METRICS + METRICS, BASE);
    expect(reading.issues).toEqual([]);
    expect(reading.items).toEqual([
      {
        id: '1',
        name: 'API',
        kind: 'monitor',
        health: 'ok',
        state: 'up',
        summary: 'Up',
        responseMs: 123,
        certificateDaysLeft: 41,
        target: { type: 'http', url: 'https://api.example.com/health' },
        webUrl: 'https://kuma.example.com/dashboard/1',
      },
      {
        id: '2',
        name: 'DB',
        kind: 'monitor',
        health: 'critical',
        state: 'down',
        summary: 'Down',
        target: { type: 'port', hostname: 'db.internal', port: 5432 },
        webUrl: 'https://kuma.example.com/dashboard/2',
      },
    ]);
  });

  it.each([
    ['0', 'critical', 'down', 'Down'],
    ['1', 'ok', 'up', 'Up'],
    ['2', 'warning', 'pending', 'Pending: a check failed, Uptime Kuma is retrying'],
    ['3', 'ok', 'maintenance', 'In maintenance'],
    ['7', 'unknown', 'unknown', 'Uptime Kuma says status 7, which Vigil does not know'],
    ['NaN', 'unknown', 'unknown', 'Uptime Kuma says status NaN, which Vigil does not know'],
    ['1.5', 'unknown', 'unknown', 'Uptime Kuma says status 1.5, which Vigil does not know'],
  ])('maps monitor_status %s to %s (%s)', (status, health, state, summary) => {
    const [item] = readUptimeKumaMetrics(statusLine(status), BASE).items;
    expect(item).toMatchObject({ id: '7', name: 'Web', health, state, summary });
  });

  it('ignores tag labels, in any order and with escapes', () => {
    const labels = String.raw`monitor_name="Say \"hi\"",Team="a,b",monitor_id="9",monitor_type="keyword"`;
    const { items, issues } = readUptimeKumaMetrics(statusLine('1', labels), BASE);
    expect(issues).toEqual([]);
    expect(items).toEqual([{ id: '9', name: 'Say "hi"', kind: 'monitor', health: 'ok', state: 'up', summary: 'Up', target: { type: 'keyword' }, webUrl: 'https://kuma.example.com/dashboard/9' }]);
  });

  it('reads "null" and "" labels as absent, and leaves out a target that says nothing', () => {
    const labels = 'monitor_id="3",monitor_name="Push",monitor_type="null",monitor_url="",monitor_hostname="null",monitor_port=""';
    const [item] = readUptimeKumaMetrics(statusLine('1', labels), BASE).items;
    expect(item).not.toHaveProperty('target');
  });

  it('drops a bad port or URL and says so, keeping the monitor', () => {
    const labels = 'monitor_id="4",monitor_name="Odd",monitor_type="http",monitor_url="javascript:alert(1)",monitor_port="99999"';
    const { items, issues } = readUptimeKumaMetrics(statusLine('0', labels), BASE);
    expect(items[0]).toMatchObject({ id: '4', health: 'critical', target: { type: 'http' } });
    expect(issues).toEqual([
      { path: ['monitors', '4', 'monitor_url'], message: 'expected an absolute http(s) URL, got "javascript:alert(1)"' },
      { path: ['monitors', '4', 'monitor_port'], message: 'expected a port number, got "99999"' },
    ]);
  });

  it('shows a monitor named in other families but with no monitor_status as not known', () => {
    const text = 'monitor_response_time{monitor_id="5",monitor_name="Late"} 80\n';
    expect(readUptimeKumaMetrics(text, BASE).items).toEqual([
      { id: '5', name: 'Late', kind: 'monitor', health: 'unknown', state: 'new', summary: 'Uptime Kuma has not reported its status yet', responseMs: 80, webUrl: 'https://kuma.example.com/dashboard/5' },
    ]);
  });

  it('reads a fresh Kuma, its families declared but no monitor checked yet, as no items', () => {
    const declaredOnly = METRICS.split('\n').filter((line) => line.startsWith('#')).join('\n');
    expect(readUptimeKumaMetrics(declaredOnly, BASE)).toEqual({ items: [], issues: [] });
    expect(readUptimeKumaMetrics(PROCESS_METRICS, BASE)).toEqual({ items: [], issues: [] });
  });

  it('keys monitors on their name for a Kuma without monitor_id, and says so once', () => {
    const text = 'monitor_status{monitor_name="Old",monitor_type="http"} 1\nmonitor_response_time{monitor_name="Old",monitor_type="http"} 50\n';
    const { items, issues } = readUptimeKumaMetrics(text, BASE);
    expect(items).toEqual([{ id: 'Old', name: 'Old', kind: 'monitor', health: 'ok', state: 'up', summary: 'Up', responseMs: 50, target: { type: 'http' } }]);
    expect(issues).toEqual([
      { path: [], message: 'This Uptime Kuma sends no monitor_id (a version before 2.0): monitors are told apart by name, so a renamed monitor becomes a new item.' },
    ]);
  });

  it('skips a sample that names no monitor and a malformed line, reading the rest', () => {
    const text = `monitor_status{env="prod"} 1\nmonitor_status{monitor_id="1" 1\n${statusLine('1')}`;
    const { items, issues } = readUptimeKumaMetrics(text, BASE);
    expect(items.map((item) => item.id)).toEqual(['7']);
    expect(issues).toEqual([
      { path: ['line', 2], message: 'skipped a malformed line: expected , or } after a label' },
      { path: ['line', 1], message: 'skipped a sample that names no monitor (no monitor_id or monitor_name)' },
    ]);
  });

  it('uses the last of two samples for one monitor (a stale label set first) and says so', () => {
    const text = statusLine('1', 'monitor_id="7",monitor_name="Old name"') + statusLine('0', 'monitor_id="7",monitor_name="New name"');
    const { items, issues } = readUptimeKumaMetrics(text, BASE);
    expect(items).toMatchObject([{ id: '7', name: 'New name', health: 'critical' }]);
    expect(issues).toEqual([{ path: ['line', 2], message: 'monitor 7 has more than one monitor_status sample; the last is used' }]);
  });

  it('drops a response time or certificate that is not a number and says so', () => {
    const text = `${statusLine('1')}monitor_response_time{monitor_id="7"} NaN\nmonitor_cert_days_remaining{monitor_id="7"} +Inf\n`;
    const { items, issues } = readUptimeKumaMetrics(text, BASE);
    expect(items[0]).not.toHaveProperty('responseMs');
    expect(items[0]).not.toHaveProperty('certificateDaysLeft');
    expect(issues).toEqual([
      { path: ['monitors', '7', 'monitor_response_time'], message: 'expected milliseconds, got NaN' },
      { path: ['monitors', '7', 'monitor_cert_days_remaining'], message: 'expected a number of days, got Infinity' },
    ]);
  });

  it('keeps a certificate that has expired (negative days)', () => {
    const text = `${statusLine('1')}monitor_cert_days_remaining{monitor_id="7"} -3\n`;
    expect(readUptimeKumaMetrics(text, BASE).items[0]?.certificateDaysLeft).toBe(-3);
  });

  it.each([
    ['an empty answer', ''],
    ['an HTML page', '<!DOCTYPE html>\n<html><body>Uptime Kuma</body></html>\n'],
    ['another exporter', '# TYPE node_load1 gauge\nnode_load1 0.5\n'],
  ])('refuses %s as not Kuma metrics', (_, text) => {
    expect(() => readUptimeKumaMetrics(text, BASE)).toThrow(
      new SourceShapeError("This answer from Uptime Kuma has no monitor metrics: it does not look like Uptime Kuma's /metrics page."),
    );
  });

  it('reads 5,000 monitors', () => {
    let text = PROCESS_METRICS;
    for (const family of ['monitor_response_time', 'monitor_status']) {
      text += `# TYPE ${family} gauge\n`;
      for (let id = 1; id <= 5000; id++) text += `${family}{env="prod",monitor_id="${id}",monitor_name="Service ${id}",monitor_type="http",monitor_url="https://s${id}.example.com",monitor_hostname="null",monitor_port="null"} ${family === 'monitor_status' ? id % 4 : id}\n`;
    }
    const { items, issues } = readUptimeKumaMetrics(text, BASE);
    expect(issues).toEqual([]);
    expect(items).toHaveLength(5000);
    expect(items[4999]).toMatchObject({ id: '5000', name: 'Service 5000', health: 'critical', state: 'down', responseMs: 5000 });
    expect(items.filter((item) => item.state === 'down')).toHaveLength(1250);
  });
});

// docs/source-apis.md §1.3: getStatusPageData() and the heartbeat route, reproduced exactly.
const STATUS_PAGE = {
  config: {
    slug: 'main',
    title: 'Main',
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
  publicGroupList: [
    {
      id: 1,
      name: 'Services',
      weight: 1,
      monitorList: [
        { id: 1, name: 'API', sendUrl: 0, type: 'http' },
        { id: 2, name: 'DB', sendUrl: 1, type: 'port', url: 'https://example.com' },
      ],
    },
  ],
  maintenanceList: [],
};

const HEARTBEATS = {
  heartbeatList: {
    '1': [
      { status: 1, time: '2026-11-29 07:40:00.123', msg: '', ping: 120 },
      { status: 0, time: '2026-11-29 07:41:00.456', msg: '', ping: null },
    ],
    '2': [],
  },
  uptimeList: { '1_24': 0.9931, '2_24': 1 },
};

const PAGE_URL = 'https://kuma.example.com/status/main';

function pageWith(monitorList: unknown[]): unknown {
  return { ...STATUS_PAGE, publicGroupList: [{ id: 1, name: 'Services', weight: 1, monitorList }] };
}

function beatsOf(list: unknown): unknown {
  return { heartbeatList: { '1': list }, uptimeList: {} };
}

describe('readUptimeKumaStatusPage', () => {
  it('reads the research bodies: monitors in their groups, standing as the newest beat says', () => {
    const reading = readUptimeKumaStatusPage(STATUS_PAGE, HEARTBEATS, BASE, 'main');
    expect(reading).toEqual({
      title: 'Main',
      issues: [],
      items: [
        {
          id: '1',
          name: 'API',
          kind: 'monitor',
          health: 'critical',
          state: 'down',
          summary: 'Down',
          group: 'Services',
          since: Date.UTC(2026, 10, 29, 7, 41, 0, 456),
          target: { type: 'http' },
          webUrl: PAGE_URL,
        },
        { id: '2', name: 'DB', kind: 'monitor', health: 'unknown', state: 'new', summary: 'No beats yet', group: 'Services', target: { type: 'port', url: 'https://example.com' }, webUrl: PAGE_URL },
      ],
    });
  });

  it.each([
    [0, 'critical', 'down', 'Down'],
    [1, 'ok', 'up', 'Up'],
    [2, 'warning', 'pending', 'Pending: a check failed, Uptime Kuma is retrying'],
    [3, 'ok', 'maintenance', 'In maintenance'],
    [9, 'unknown', 'unknown', 'Uptime Kuma says status 9, which Vigil does not know'],
  ])('maps beat status %i to %s (%s)', (status, health, state, summary) => {
    const reading = readUptimeKumaStatusPage(pageWith([{ id: 1, name: 'API' }]), beatsOf([{ status, time: '2026-11-29 07:40:00.000', msg: '', ping: 12 }]), BASE, 'main');
    expect(reading.items[0]).toMatchObject({ health, state, summary, responseMs: 12 });
  });

  it('dates the current state from its first beat after a beat of another status, past empty buckets', () => {
    const beats = [
      { status: 0, time: '2026-11-29T07:00:00Z', msg: '', ping: null },
      0,
      { status: 1, time: '2026-11-29T07:10:00Z', msg: '', ping: null },
      0,
      { status: 1, time: '2026-11-29T07:20:00Z', msg: '', ping: 30 },
      0,
    ];
    const { items, issues } = readUptimeKumaStatusPage(pageWith([{ id: 1, name: 'API' }]), beatsOf(beats), BASE, 'main');
    expect(issues).toEqual([]);
    expect(items[0]).toMatchObject({ state: 'up', since: Date.UTC(2026, 10, 29, 7, 10), responseMs: 30 });
  });

  it('gives no since when every beat sent has the same status', () => {
    const beats = [
      { status: 1, time: '2026-11-29 07:40:00.000', msg: '', ping: 10 },
      { status: 1, time: '2026-11-29 07:41:00.000', msg: '', ping: 11 },
    ];
    expect(readUptimeKumaStatusPage(pageWith([{ id: 1, name: 'API' }]), beatsOf(beats), BASE, 'main').items[0]).not.toHaveProperty('since');
  });

  it("says a down beat's message when Kuma sends one", () => {
    const beats = [{ status: 0, time: '2026-11-29 07:40:00.000', msg: 'connect ECONNREFUSED\n10.0.0.5:5432', ping: null }];
    expect(readUptimeKumaStatusPage(pageWith([{ id: 1, name: 'API' }]), beatsOf(beats), BASE, 'main').items[0]?.summary).toBe('connect ECONNREFUSED 10.0.0.5:5432');
  });

  it('skips bad beats, drops bad fields and reads the rest', () => {
    const beats = [{ status: 1, time: 'yesterday', msg: '', ping: 'fast' }, 'beat', { status: '1', time: '2026-11-29 07:41:00.000', msg: '', ping: 20 }];
    const { items, issues } = readUptimeKumaStatusPage(pageWith([{ id: 1, name: 'API' }]), beatsOf(beats), BASE, 'main');
    expect(items[0]).toMatchObject({ health: 'unknown', summary: 'Uptime Kuma did not say its status', responseMs: 20 });
    expect(issues).toEqual([
      { path: ['heartbeatList', '1', 0, 'time'], message: 'expected a date and time, got "yesterday"' },
      { path: ['heartbeatList', '1', 0, 'ping'], message: 'expected a number, got string' },
      { path: ['heartbeatList', '1', 1], message: 'expected a beat, got string' },
      { path: ['heartbeatList', '1', 2, 'status'], message: 'expected an integer, got string' },
    ]);
  });

  it('skips bad groups and monitors, reading the rest', () => {
    const page = {
      ...STATUS_PAGE,
      publicGroupList: [
        'group',
        { id: 2, name: 'Empty' },
        { id: 3, monitorList: [{ name: 'No id' }, { id: 1 }, 5] },
        { id: 4, name: 'Again', monitorList: [{ id: 1, name: 'API' }] },
      ],
    };
    const { items, issues } = readUptimeKumaStatusPage(page, { heartbeatList: { '1': 'none' } }, BASE, 'main');
    expect(items).toEqual([{ id: '1', name: 'Monitor 1', kind: 'monitor', health: 'unknown', state: 'new', summary: 'No beats yet', webUrl: PAGE_URL }]);
    expect(issues).toEqual([
      { path: ['publicGroupList', 0], message: 'expected an object, got string' },
      { path: ['publicGroupList', 1], message: 'skipped a group with no monitor list (got undefined)' },
      { path: ['publicGroupList', 2, 'monitorList', 0], message: 'skipped a monitor with no id' },
      { path: ['heartbeatList', '1'], message: 'expected a list of beats, got string' },
      { path: ['publicGroupList', 2, 'monitorList', 2], message: 'expected an object, got number' },
    ]);
  });

  it('reads an empty page as no items', () => {
    const page = { ...STATUS_PAGE, publicGroupList: [] };
    expect(readUptimeKumaStatusPage(page, { heartbeatList: {}, uptimeList: {} }, BASE, 'main')).toEqual({ items: [], issues: [], title: 'Main' });
  });

  it('reads the pinned incident', () => {
    const incident = { id: 4, style: 'danger', title: 'Database down', content: 'We are on it.', pin: true, active: true, createdDate: '2026-11-29 07:45:00', lastUpdatedDate: null };
    const { incidents } = readUptimeKumaStatusPage({ ...STATUS_PAGE, incident }, HEARTBEATS, BASE, 'main');
    expect(incidents).toEqual([
      { id: '4', name: 'Database down', status: 'active', impact: 'major', startedAt: Date.UTC(2026, 10, 29, 7, 45), latestUpdate: 'We are on it.', itemIds: [], webUrl: PAGE_URL },
    ]);
  });

  it('reads the incidents list of newer versions, an info style as no impact', () => {
    const incidents = [{ id: 5, style: 'info', title: 'Heads up', content: '', createdDate: '2026-11-29T07:45:00Z' }, { title: 'No id' }];
    const reading = readUptimeKumaStatusPage({ ...STATUS_PAGE, incident: undefined, incidents }, HEARTBEATS, BASE, 'main');
    expect(reading.incidents).toEqual([{ id: '5', name: 'Heads up', status: 'active', impact: 'none', startedAt: Date.UTC(2026, 10, 29, 7, 45), itemIds: [], webUrl: PAGE_URL }]);
    expect(reading.issues).toEqual([{ path: ['incidents', 1], message: 'skipped an incident with no id' }]);
  });

  it('names the slug when Kuma has no such page', () => {
    // §1.3: sendHttpError(res, "Status Page Not Found") → 404 with this body.
    expect(() => readUptimeKumaStatusPage({ status: 'fail', msg: 'Status Page Not Found' }, HEARTBEATS, BASE, 'nope')).toThrow(
      new SourceShapeError('Uptime Kuma has no status page "nope".'),
    );
  });

  it("says Kuma's own reason for another failure", () => {
    // §1.3: a newer Kuma's heartbeat route for an unknown slug answers 403 with this body.
    const failure = { status: 'fail', msg: "Cannot read properties of null (reading 'heartbeat_bar_days')" };
    expect(() => readUptimeKumaStatusPage(STATUS_PAGE, failure, BASE, 'main')).toThrow(
      new SourceShapeError(`Uptime Kuma could not show status page "main": Cannot read properties of null (reading 'heartbeat_bar_days').`),
    );
  });

  it.each([
    ['an HTML page', '<!DOCTYPE html><html></html>'],
    ['a list', []],
    ['another JSON', { page: { name: 'Main' } }],
    ['a page without groups', { config: { title: 'Main' }, publicGroupList: null }],
  ])('refuses %s as a status page', (_, page) => {
    expect(() => readUptimeKumaStatusPage(page, HEARTBEATS, BASE, 'main')).toThrow(
      new SourceShapeError('This answer from Uptime Kuma has no list of monitor groups: it does not look like status page "main".'),
    );
  });

  it.each([
    ['nothing', undefined],
    ['a list', []],
    ['a heartbeat list that is a list', { heartbeatList: [], uptimeList: {} }],
  ])('refuses %s as heartbeats', (_, heartbeats) => {
    expect(() => readUptimeKumaStatusPage(STATUS_PAGE, heartbeats, BASE, 'main')).toThrow(
      new SourceShapeError('This answer from Uptime Kuma has no heartbeat list for status page "main".'),
    );
  });
});
