// The Alertmanager reader: GET /api/v2/alerts → one item per firing alert.
import { describe, expect, it } from 'vitest';
import { readAlertmanagerAlerts } from '../../../main/core/sources/alertmanager.ts';
import { SourceShapeError } from '../../../main/core/sources/source-reading.ts';

const base = 'http://alertmanager.local:9093';

// docs/source-apis.md §5.1: a gettableAlert as prometheus/alertmanager's
// api/v2/openapi.yaml defines it, reproduced exactly.
const ALERTS = `[{"annotations":{"summary":"Disk almost full on db1","description":"…"},
  "endsAt":"2026-11-29T07:50:00.000Z","fingerprint":"4a6b8c0d2e4f6a8b",
  "receivers":[{"name":"null"}],"startsAt":"2026-11-29T07:45:00.000Z",
  "status":{"inhibitedBy":[],"silencedBy":[],"state":"active"},
  "updatedAt":"2026-11-29T07:45:00.000Z","generatorURL":"http://prometheus:9090/graph?g0.expr=…",
  "labels":{"alertname":"DiskFull","instance":"db1","severity":"critical"}}]`;

/** One active alert with the given parts over a plain default. */
function alert(parts: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    annotations: {},
    endsAt: '2026-11-29T08:00:00.000Z',
    fingerprint: 'f1',
    receivers: [{ name: 'null' }],
    startsAt: '2026-11-29T07:45:00.000Z',
    status: { inhibitedBy: [], silencedBy: [], state: 'active' },
    updatedAt: '2026-11-29T07:45:00.000Z',
    labels: { alertname: 'HighLatency' },
    ...parts,
  };
}

function readOne(parts: Record<string, unknown>) {
  const reading = readAlertmanagerAlerts([alert(parts)], base);
  expect(reading.items).toHaveLength(1);
  return reading.items[0];
}

describe('readAlertmanagerAlerts', () => {
  it('reads the research example', () => {
    expect(readAlertmanagerAlerts(JSON.parse(ALERTS), base)).toEqual({
      items: [
        {
          id: '4a6b8c0d2e4f6a8b',
          name: 'DiskFull on db1',
          kind: 'alert',
          health: 'critical',
          state: 'firing',
          summary: 'Disk almost full on db1',
          since: Date.UTC(2026, 10, 29, 7, 45),
          webUrl: 'http://prometheus:9090/graph?g0.expr=…',
          labels: { alertname: 'DiskFull', instance: 'db1', severity: 'critical' },
        },
      ],
      issues: [],
    });
  });

  it('reads an empty list: nothing fires', () => {
    expect(readAlertmanagerAlerts([], base)).toEqual({ items: [], issues: [] });
  });

  it('leaves out suppressed (silenced or inhibited) and unprocessed alerts', () => {
    const reading = readAlertmanagerAlerts(
      [
        alert({ fingerprint: 'silenced', status: { inhibitedBy: [], silencedBy: ['5f1c…'], state: 'suppressed' } }),
        alert({ fingerprint: 'new', status: { inhibitedBy: [], silencedBy: [], state: 'unprocessed' } }),
        alert({ fingerprint: 'firing' }),
      ],
      base,
    );
    expect(reading.items.map((item) => item.id)).toEqual(['firing']);
    expect(reading.issues).toEqual([]);
  });

  it('keeps an alert whose state is missing or unknown, since leaving it out would read as a recovery', () => {
    const reading = readAlertmanagerAlerts([alert({ fingerprint: 'a', status: {} }), alert({ fingerprint: 'b', status: { state: 'exploding' } })], base);
    expect(reading.items).toMatchObject([
      { id: 'a', state: 'firing' },
      { id: 'b', state: 'firing' },
    ]);
    expect(reading.issues).toEqual([
      { path: [0, 'status', 'state'], message: 'no status.state: kept as firing' },
      { path: [1, 'status', 'state'], message: 'unknown status.state "exploding": kept as firing' },
    ]);
  });

  it.each([
    ['critical', 'critical'],
    ['CRITICAL', 'critical'],
    ['page', 'critical'],
    ['error', 'critical'],
    ['warning', 'warning'],
    ['warn', 'warning'],
    ['P3', 'warning'],
    [undefined, 'warning'],
    ['info', 'ok'],
    ['none', 'ok'],
  ])('reads severity %j as %s', (severity, health) => {
    const labels = severity === undefined ? { alertname: 'X' } : { alertname: 'X', severity };
    expect(readOne({ labels })?.health).toBe(health);
  });

  it.each([
    [{ alertname: 'DiskFull', instance: 'db1:9100', service: 'billing', job: 'node' }, 'DiskFull on db1:9100'],
    [{ alertname: 'DiskFull', service: 'billing', job: 'node' }, 'DiskFull on billing'],
    [{ alertname: 'DiskFull', instance: ' ', job: 'node' }, 'DiskFull on node'],
    [{ alertname: 'Watchdog' }, 'Watchdog'],
  ])('names an alert with labels %j "%s"', (labels, name) => {
    expect(readOne({ labels })?.name).toBe(name);
  });

  it('names an alert without alertname by its summary, then by its fingerprint', () => {
    expect(readOne({ labels: {}, annotations: { summary: 'Backups late', description: 'The nightly backup has not run.' } })).toMatchObject({
      name: 'Backups late',
      summary: 'The nightly backup has not run.',
    });
    expect(readOne({ labels: {}, fingerprint: 'abc123' })).toMatchObject({ name: 'Alert abc123', summary: 'Firing' });
  });

  it('sums up from the summary, then the description, on one line', () => {
    expect(readOne({ annotations: { description: '\n  Latency is 2.5 s\nat p99 over 5m.' } })?.summary).toBe('Latency is 2.5 s');
    expect(readOne({ annotations: { summary: 'p99 above 2 s\r\nsee runbook' } })?.summary).toBe('p99 above 2 s');
    const long = readOne({ annotations: { summary: 'x'.repeat(500) } })?.summary ?? '';
    expect(long).toHaveLength(200);
    expect(long.endsWith('…')).toBe(true);
  });

  it.each([
    ['https://prometheus.example/graph?g0.expr=up%3D%3D0', 'https://prometheus.example/graph?g0.expr=up%3D%3D0'],
    ['', `${base}/#/alerts`],
    ['javascript:alert(1)', `${base}/#/alerts`],
    ['https://user:secret@prometheus.example/graph', `${base}/#/alerts`],
    [undefined, `${base}/#/alerts`],
  ])('links generatorURL %j as %s', (generatorURL, webUrl) => {
    expect(readOne({ generatorURL })?.webUrl).toBe(webUrl);
  });

  it('builds the fallback link under a route prefix', () => {
    expect(readAlertmanagerAlerts([alert()], 'https://ops.example/alertmanager/').items[0]?.webUrl).toBe('https://ops.example/alertmanager/#/alerts');
  });

  it('skips and reports bad alerts, drops and reports bad fields', () => {
    const reading = readAlertmanagerAlerts(
      [
        'not an alert',
        alert({ fingerprint: undefined }),
        alert({ fingerprint: 'f', startsAt: 'yesterday', labels: { alertname: 'X', severity: 3 }, annotations: ['no'] }),
      ],
      base,
    );
    expect(reading.items).toEqual([
      { id: 'f', name: 'X', kind: 'alert', health: 'warning', state: 'firing', summary: 'Firing', since: undefined, webUrl: `${base}/#/alerts`, labels: { alertname: 'X' } },
    ]);
    expect(reading.issues).toEqual([
      { path: [0], message: 'skipped: expected an object, got string' },
      { path: [1], message: 'skipped: an alert without a fingerprint' },
      { path: [2, 'labels', 'severity'], message: 'expected a string, got number' },
      { path: [2, 'annotations'], message: 'expected an object, got array' },
      { path: [2, 'startsAt'], message: 'expected an ISO 8601 date-time with offset, got "yesterday"' },
    ]);
  });

  it('keeps a label named __proto__ as a label', () => {
    const [parsed] = JSON.parse('[{"fingerprint":"f","status":{"state":"active"},"labels":{"alertname":"X","__proto__":"kept"}}]') as unknown[];
    const item = readAlertmanagerAlerts([parsed], base).items[0];
    expect(Object.entries(item?.labels ?? {})).toEqual([
      ['alertname', 'X'],
      ['__proto__', 'kept'],
    ]);
  });

  it.each([
    ['an HTML page passed on as text', '<html><body>502 Bad Gateway</body></html>', 'string'],
    ['an error object', { code: 400, message: 'bad filter' }, 'object'],
    ['null', null, 'null'],
  ])('throws a SourceShapeError for %s', (_what, answer, kind) => {
    expect(() => readAlertmanagerAlerts(answer, base)).toThrow(SourceShapeError);
    expect(() => readAlertmanagerAlerts(answer, base)).toThrow(`This Alertmanager answer is not a list of alerts: expected a JSON array, got ${kind}.`);
  });
});
