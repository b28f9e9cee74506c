// The status page reader: Atlassian Statuspage's summary.json and Instatus' summary.json, recognised by shape.
import { describe, expect, it } from 'vitest';
import { INSTATUS_PAGE_ITEM_ID, readStatusPage } from '../../../main/core/sources/statuspage.ts';
import { SourceShapeError } from '../../../main/core/sources/source-reading.ts';

const base = 'https://status.example.com';

// docs/source-apis.md §6: a summary.json in the shape of the real pages captured in
// client code (githubstatus fixture, status.huobigroup.com), with a group, a degraded, a major-outage and a
// maintenance component and one incident whose components are named only in its update. Reproduced exactly.
const STATUSPAGE_SUMMARY = `{"page":{"id":"kctbh9vrtdwd","name":"Example","url":"https://status.example.com","time_zone":"Etc/UTC","updated_at":"2026-11-29T07:40:00.000Z"},
 "components":[
  {"id":"grp1","name":"APIs","status":"partial_outage","created_at":"2017-01-31T20:05:05.370Z","updated_at":"2026-11-29T07:40:00.000Z","position":1,"description":null,"showcase":false,"start_date":null,"group_id":null,"page_id":"kctbh9vrtdwd","group":true,"only_show_if_degraded":false,"components":["c1","c2"]},
  {"id":"c1","name":"REST API","status":"degraded_performance","created_at":"2017-01-31T20:05:05.370Z","updated_at":"2026-11-29T07:40:00.000Z","position":2,"description":null,"showcase":true,"start_date":null,"group_id":"grp1","page_id":"kctbh9vrtdwd","group":false,"only_show_if_degraded":false},
  {"id":"c2","name":"Webhooks","status":"major_outage","created_at":"2017-01-31T20:05:05.370Z","updated_at":"2026-11-29T07:40:00.000Z","position":3,"description":null,"showcase":true,"start_date":null,"group_id":"grp1","page_id":"kctbh9vrtdwd","group":false,"only_show_if_degraded":false},
  {"id":"c3","name":"Billing","status":"under_maintenance","created_at":"2017-01-31T20:05:05.370Z","updated_at":"2026-11-29T07:40:00.000Z","position":4,"description":null,"showcase":true,"start_date":null,"group_id":null,"page_id":"kctbh9vrtdwd","group":false,"only_show_if_degraded":false}],
 "incidents":[{"id":"cp306tmzcl0y","name":"Webhook delivery failing","status":"identified","created_at":"2026-11-29T07:30:00.000Z","updated_at":"2026-11-29T07:40:00.000Z","monitoring_at":null,"resolved_at":null,"impact":"major","shortlink":"https://stspg.io/abc","started_at":"2026-11-29T07:30:00.000Z","page_id":"kctbh9vrtdwd",
   "incident_updates":[{"id":"u1","status":"identified","body":"We found the cause.","incident_id":"cp306tmzcl0y","created_at":"2026-11-29T07:40:00.000Z","updated_at":"2026-11-29T07:40:00.000Z","display_at":"2026-11-29T07:40:00.000Z","affected_components":[{"code":"c2","name":"APIs - Webhooks","old_status":"operational","new_status":"major_outage"}],"deliver_notifications":true,"custom_tweet":null,"tweet_id":null}],
   "components":[]}],
 "scheduled_maintenances":[],
 "status":{"indicator":"major","description":"Partial System Outage"}}`;

// docs/source-apis.md §7: Instatus' own documentation example (instatus.com/help/api/public-data), verbatim.
const INSTATUS_SUMMARY = `{"page":{"name":"Instatus","url":"https://instat.us","status":"HASISSUES"},
 "activeIncidents":[{"name":"We're facing an issue with our API","started":"Sat Jun 11 2022 18:55:50 GMT+0000 (Coordinated Universal Time)",
   "status":"INVESTIGATING","impact":"MAJOROUTAGE","url":"https://testing-widget.instatus.com/incident/cl4a8n3070721qtmzvts760c4"}],
 "activeMaintenances":[{"name":"Database maintenance","start":"Sat Jun 11 2022 18:55:54 GMT+0000 (Coordinated Universal Time)",
   "status":"NOTSTARTEDYET","duration":"60","url":"https://testing-widget.instatus.com/maintenance/cl4a8nlv50918qtmzdlw60ivu"}]}`;

const updatedAt = Date.UTC(2026, 10, 29, 7, 40);

/** A summary of the given components (and nothing else), for the mapping tests. */
function summaryWith(components: unknown[], extra: Record<string, unknown> = {}): unknown {
  return { page: { id: 'p', name: 'Example', url: base }, components, incidents: [], scheduled_maintenances: [], ...extra };
}

describe('readStatusPage on a Statuspage summary', () => {
  it('reads the research example: components, groups, incidents and the page', () => {
    const reading = readStatusPage(JSON.parse(STATUSPAGE_SUMMARY), 'https://configured.example');
    expect(reading.title).toBe('Example');
    expect(reading.issues).toEqual([]);
    // The group row "APIs" is a heading, not an item; its children carry its name.
    expect(reading.items).toEqual([
      { id: 'c1', name: 'REST API', kind: 'component', health: 'warning', state: 'degraded', summary: 'Degraded performance', group: 'APIs', since: updatedAt, webUrl: base },
      { id: 'c2', name: 'Webhooks', kind: 'component', health: 'critical', state: 'down', summary: 'Major outage', group: 'APIs', since: updatedAt, webUrl: base },
      { id: 'c3', name: 'Billing', kind: 'component', health: 'ok', state: 'maintenance', summary: 'Under maintenance', since: updatedAt, webUrl: base },
    ]);
    expect(reading.incidents).toEqual([
      {
        id: 'cp306tmzcl0y',
        name: 'Webhook delivery failing',
        status: 'identified',
        impact: 'major',
        startedAt: Date.UTC(2026, 10, 29, 7, 30),
        latestUpdate: 'We found the cause.',
        // `components` is empty: the update's affected component names it.
        itemIds: ['c2'],
        webUrl: 'https://stspg.io/abc',
      },
    ]);
  });

  it.each([
    ['operational', 'ok', 'up', 'Operational'],
    ['degraded_performance', 'warning', 'degraded', 'Degraded performance'],
    ['partial_outage', 'warning', 'degraded', 'Partial outage'],
    ['major_outage', 'critical', 'down', 'Major outage'],
    ['under_maintenance', 'ok', 'maintenance', 'Under maintenance'],
  ])('maps %s to %s/%s', (status, health, state, summary) => {
    const [item] = readStatusPage(summaryWith([{ id: 'c', name: 'API', status }]), base).items;
    expect(item).toMatchObject({ health, state, summary });
  });

  it('never shows an unknown or missing status as up', () => {
    const reading = readStatusPage(summaryWith([{ id: 'a', name: 'A', status: 'on_fire' }, { id: 'b', name: 'B' }]), base);
    expect(reading.items).toMatchObject([
      { id: 'a', health: 'unknown', summary: 'The status page says status "on_fire", which Vigil does not know' },
      { id: 'b', health: 'unknown', summary: 'The status page did not say its status' },
    ]);
  });

  it('keeps a component the page hides while operational', () => {
    const reading = readStatusPage(summaryWith([{ id: 'c', name: 'Hidden', status: 'operational', only_show_if_degraded: true }]), base);
    expect(reading.items.map((item) => item.id)).toEqual(['c']);
  });

  it('finds the group from a row that lists its children, even without the group flag', () => {
    const reading = readStatusPage(
      summaryWith([
        { id: 'g', name: 'Europe', status: 'operational', components: ['c'] },
        { id: 'c', name: 'Frankfurt', status: 'operational' },
        { id: 'd', name: 'Orphan', status: 'operational', group_id: 'missing-group' },
      ]),
      base,
    );
    expect(reading.items.map((item) => [item.id, item.group])).toEqual([
      ['c', 'Europe'],
      ['d', undefined],
    ]);
  });

  it('skips and reports bad components, drops and reports bad fields, and keeps the rest', () => {
    const reading = readStatusPage(
      summaryWith([
        'not an object',
        { name: 'No id', status: 'operational' },
        { id: 'c', name: 42, status: 'major_outage', updated_at: 'yesterday' },
        { id: 7, name: 'Numeric id', status: 'operational', updated_at: null },
      ]),
      base,
    );
    expect(reading.items).toMatchObject([
      { id: 'c', name: 'c', health: 'critical', since: undefined },
      { id: '7', name: 'Numeric id', health: 'ok' },
    ]);
    expect(reading.issues).toEqual([
      { path: ['components', 0], message: 'expected an object, got string' },
      { path: ['components', 1], message: 'a component without an id' },
      { path: ['components', 2, 'name'], message: 'expected a string, got number' },
      { path: ['components', 2, 'name'], message: 'no name: shown by its id' },
      { path: ['components', 2, 'updated_at'], message: 'expected an ISO 8601 date-time with offset, got "yesterday"' },
    ]);
  });

  it('reads an empty page: no components, no incidents', () => {
    expect(readStatusPage(summaryWith([]), base)).toEqual({ items: [], incidents: [], title: 'Example', issues: [] });
  });

  it('falls back to the configured address when the page gives none or a bad one', () => {
    const withoutUrl = readStatusPage({ components: [{ id: 'c', name: 'API', status: 'operational' }], incidents: [{ id: 'i1', name: 'Slow' }] }, base);
    expect(withoutUrl.items[0]?.webUrl).toBe(base);
    expect(withoutUrl.incidents?.[0]?.webUrl).toBe(`${base}/incidents/i1`);
    expect(withoutUrl.title).toBeUndefined();
    const badUrl = readStatusPage({ page: { name: 'X', url: 'javascript:alert(1)' }, components: [{ id: 'c', name: 'API', status: 'operational' }] }, base);
    expect(badUrl.items[0]?.webUrl).toBe(base);
    expect(badUrl.issues).toEqual([{ path: ['page', 'url'], message: 'expected an absolute http(s) URL, got "javascript:alert(1)"' }]);
  });

  it('reads scheduled maintenance and picks the newest update of an incident', () => {
    const reading = readStatusPage(
      summaryWith([{ id: 'c1', name: 'DB', status: 'operational' }], {
        incidents: [
          {
            id: 'i1',
            name: 'Errors',
            status: 'monitoring',
            impact: 'minor',
            created_at: '2026-11-29T06:00:00-01:00',
            components: [{ id: 'c1', name: 'DB' }],
            // Oldest first, against Statuspage's habit: the date decides, not the order.
            incident_updates: [
              { body: 'Looking into it.\n\nMore soon.', display_at: '2026-11-29T07:00:00Z' },
              { body: 'A fix is out.', display_at: '2026-11-29T08:00:00Z', affected_components: [{ code: 'c1' }] },
            ],
          },
        ],
        scheduled_maintenances: [
          { id: 'm1', name: 'DB upgrade', status: 'scheduled', impact: 'maintenance', scheduled_for: '2026-12-01T02:00:00.000Z', scheduled_until: '2026-12-01T04:00:00.000Z', shortlink: 'https://stspg.io/m1', components: [{ id: 'c1' }] },
        ],
      }),
      base,
    );
    expect(reading.incidents).toEqual([
      {
        id: 'i1',
        name: 'Errors',
        status: 'monitoring',
        impact: 'minor',
        // No started_at: created_at, in its own offset.
        startedAt: Date.UTC(2026, 10, 29, 7, 0),
        latestUpdate: 'A fix is out.',
        itemIds: ['c1'],
        webUrl: `${base}/incidents/i1`,
      },
      { id: 'm1', name: 'DB upgrade', status: 'scheduled', impact: 'maintenance', startedAt: Date.UTC(2026, 11, 1, 2, 0), latestUpdate: undefined, itemIds: ['c1'], webUrl: 'https://stspg.io/m1' },
    ]);
    expect(reading.issues).toEqual([]);
  });

  it('skips and reports incidents without an id and lists that are not lists', () => {
    const reading = readStatusPage(summaryWith([], { incidents: [{ name: 'No id' }], scheduled_maintenances: { id: 'm' } }), base);
    expect(reading.incidents).toEqual([]);
    expect(reading.issues).toEqual([
      { path: ['incidents', 0], message: 'an incident without an id' },
      { path: ['scheduled_maintenances'], message: 'expected a list, got object' },
    ]);
  });
});

describe('readStatusPage on an Instatus summary', () => {
  it('reads the documentation example: the page as one item, its incident and maintenance', () => {
    const reading = readStatusPage(JSON.parse(INSTATUS_SUMMARY), 'https://configured.example');
    expect(reading.title).toBe('Instatus');
    expect(reading.issues).toEqual([]);
    expect(reading.items).toEqual([
      {
        id: INSTATUS_PAGE_ITEM_ID,
        name: 'Instatus',
        kind: 'component',
        // HASISSUES with a major outage among its incidents: critical, said in the incident's own words.
        health: 'critical',
        state: 'down',
        summary: "We're facing an issue with our API",
        webUrl: 'https://instat.us',
      },
    ]);
    expect(reading.incidents).toEqual([
      {
        id: 'cl4a8n3070721qtmzvts760c4',
        name: "We're facing an issue with our API",
        status: 'investigating',
        impact: 'critical',
        startedAt: Date.UTC(2022, 5, 11, 18, 55, 50),
        itemIds: [INSTATUS_PAGE_ITEM_ID],
        webUrl: 'https://testing-widget.instatus.com/incident/cl4a8n3070721qtmzvts760c4',
      },
      {
        id: 'cl4a8nlv50918qtmzdlw60ivu',
        name: 'Database maintenance',
        status: 'scheduled',
        impact: 'maintenance',
        startedAt: Date.UTC(2022, 5, 11, 18, 55, 54),
        itemIds: [INSTATUS_PAGE_ITEM_ID],
        webUrl: 'https://testing-widget.instatus.com/maintenance/cl4a8nlv50918qtmzdlw60ivu',
      },
    ]);
  });

  it.each([
    ['UP', [], 'ok', 'up', 'All systems operational'],
    ['UNDERMAINTENANCE', [], 'ok', 'maintenance', 'Under maintenance'],
    ['HASISSUES', [], 'warning', 'degraded', 'The page reports issues'],
    ['HASISSUES', [{ id: 'i', name: 'Slow logins', impact: 'DEGRADEDPERFORMANCE' }], 'warning', 'degraded', 'Slow logins'],
    ['HASISSUES', [{ id: 'i', name: 'Some errors', impact: 'PARTIALOUTAGE' }], 'warning', 'degraded', 'Some errors'],
    ['BROKEN', [], 'unknown', 'unknown', 'The status page says status "BROKEN", which Vigil does not know'],
  ])('maps page status %s with incidents %j to %s/%s', (status, activeIncidents, health, state, summary) => {
    const [item] = readStatusPage({ page: { name: 'P', url: base, status }, activeIncidents, activeMaintenances: [] }, base).items;
    expect(item).toMatchObject({ health, state, summary });
  });

  it('says which maintenance is under way, and accepts scheduledMaintenances too, without doubles', () => {
    const maintenance = { id: 'm1', name: 'Moving datacentres', start: '2026-11-29T07:00:00Z', status: 'INPROGRESS', duration: 60 };
    const reading = readStatusPage(
      { page: { name: 'P', status: 'UNDERMAINTENANCE' }, activeIncidents: [], activeMaintenances: [maintenance], scheduledMaintenances: [maintenance] },
      base,
    );
    expect(reading.items[0]).toMatchObject({ health: 'ok', state: 'maintenance', summary: 'Moving datacentres', webUrl: base });
    expect(reading.incidents).toEqual([
      { id: 'm1', name: 'Moving datacentres', status: 'in progress', impact: 'maintenance', startedAt: Date.UTC(2026, 10, 29, 7), itemIds: ['page'], webUrl: undefined },
    ]);
  });

  it('reads a page with no status as unknown, and reports bad incidents and dates', () => {
    const reading = readStatusPage(
      { page: { name: 'P' }, activeIncidents: [{ name: 'No id or address' }, { id: 'i2', name: 'Bad date', started: 'the other day', status: 'IDENTIFIED', impact: 'SOMETHING' }] },
      base,
    );
    expect(reading.items[0]).toMatchObject({ health: 'unknown', summary: 'The status page did not say its status' });
    expect(reading.incidents).toEqual([
      { id: 'i2', name: 'Bad date', status: 'identified', impact: 'something', startedAt: undefined, itemIds: ['page'], webUrl: undefined },
    ]);
    expect(reading.issues).toEqual([
      { path: ['activeIncidents', 0], message: 'an incident with neither id nor address' },
      { path: ['activeIncidents', 1, 'started'], message: 'expected a date, got "the other day"' },
    ]);
  });
});

describe('readStatusPage on an answer of neither shape', () => {
  it.each([
    ['an HTML page passed on as text', '<!DOCTYPE html><html><body>Moved</body></html>', "This status page's answer is not a summary: expected a JSON object, got string."],
    ['a list', [], "This status page's answer is not a summary: expected a JSON object, got array."],
    ['null', null, "This status page's answer is not a summary: expected a JSON object, got null."],
    ['Statuspage status.json', { page: { id: 'p', name: 'X' }, status: { indicator: 'none' } }, 'This Statuspage answer has no components list.'],
    ['components that are not a list', { page: { id: 'p' }, components: { c1: {} } }, 'This Statuspage answer has no components list.'],
    [
      'another JSON object',
      { error: 'not found' },
      'This answer is not a status page summary: it has neither a Statuspage components list nor an Instatus page status.',
    ],
  ])('throws a SourceShapeError for %s', (_what, answer, message) => {
    expect(() => readStatusPage(answer, base)).toThrow(SourceShapeError);
    expect(() => readStatusPage(answer, base)).toThrow(message);
  });
});
