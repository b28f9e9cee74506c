import { describe, expect, it } from 'vitest';
import { readGatusEndpoint, readGatusStatuses } from '../../../main/core/sources/gatus.ts';
import { SourceShapeError } from '../../../main/core/sources/source-reading.ts';

const options = { baseUrl: 'https://status.example.org/' };

// `GET /api/v1/endpoints/statuses` as Gatus writes it (config/endpoint/status.go, result.go), reproduced from
// docs/source-apis.md §3: each endpoint's newest results, oldest first; durations in nanoseconds.
const STATUSES = `[{"name":"front-end","group":"core","key":"core_front-end","results":[
   {"status":200,"hostname":"example.org","duration":56543000,"conditionResults":[
     {"condition":"[STATUS] (200) == 200","success":true},
     {"condition":"[RESPONSE_TIME] (56) < 500","success":true}],"success":true,
    "timestamp":"2026-11-29T07:40:00.123456789Z"},
   {"status":503,"hostname":"example.org","duration":2010000000,"errors":[],"conditionResults":[
     {"condition":"[STATUS] (503) == 200","success":false}],"success":false,
    "timestamp":"2026-11-29T07:41:00.1Z"}]},
 {"name":"db","key":"_db","results":[]}]`;

function result(at: string, success: boolean, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { status: success ? 200 : 500, hostname: 'api.example.org', duration: 120_000_000, success, timestamp: at, ...fields };
}

function readOne(results: unknown) {
  const reading = readGatusStatuses([{ name: 'api', key: '_api', results }], options);
  return { item: reading.items[0], history: reading.history.get('_api'), issues: reading.issues };
}

describe('readGatusStatuses', () => {
  it('reads endpoints into monitors from their newest result, with the results as history', () => {
    const reading = readGatusStatuses(JSON.parse(STATUSES), options);
    expect(reading.issues).toEqual([]);
    expect(reading.items).toEqual([
      {
        id: 'core_front-end',
        name: 'front-end',
        kind: 'monitor',
        health: 'critical',
        state: 'down',
        summary: 'Failed: [STATUS] (503) == 200',
        webUrl: 'https://status.example.org/endpoints/core_front-end',
        group: 'core',
        since: Date.parse('2026-11-29T07:41:00.100Z'),
        responseMs: 2010,
        target: { hostname: 'example.org' },
      },
      {
        id: '_db',
        name: 'db',
        kind: 'monitor',
        health: 'unknown',
        state: 'new',
        summary: 'Not checked yet',
        webUrl: 'https://status.example.org/endpoints/_db',
      },
    ]);
    expect(reading.history).toEqual(
      new Map([
        [
          'core_front-end',
          [
            { at: Date.parse('2026-11-29T07:40:00.123Z'), ok: true, responseMs: 57 },
            { at: Date.parse('2026-11-29T07:41:00.100Z'), ok: false, responseMs: 2010, error: 'Failed: [STATUS] (503) == 200' },
          ],
        ],
        ['_db', []],
      ]),
    );
  });

  it('says a healthy endpoint’s answer and time', () => {
    expect(readOne([result('2026-11-29T07:40:00Z', true)]).item).toMatchObject({ health: 'ok', state: 'up', summary: 'HTTP 200 in 120 ms', responseMs: 120 });
    expect(readOne([result('2026-11-29T07:40:00Z', true, { status: undefined })]).item?.summary).toBe('Healthy in 120 ms');
  });

  it('says why a check failed: Gatus’ error first, then a failed condition, then the HTTP status', () => {
    const failing = (fields: Record<string, unknown>) => readOne([result('2026-11-29T07:40:00Z', false, fields)]).item?.summary;
    expect(failing({ errors: ['Get "https://api.example.org": context deadline\nexceeded'] })).toBe('Get "https://api.example.org": context deadline exceeded');
    expect(failing({ errors: [''], conditionResults: [{ condition: '[BODY].ok == true', success: false }] })).toBe('Failed: [BODY].ok == true');
    expect(failing({})).toBe('HTTP 500');
    expect(failing({ status: undefined })).toBe('Check failed');
  });

  it('dates the state from the first result after the last change, and not at all when every result agrees', () => {
    const { item } = readOne([
      result('2026-11-29T07:38:00Z', false),
      result('2026-11-29T07:39:00Z', true),
      result('2026-11-29T07:40:00Z', true),
    ]);
    expect(item?.since).toBe(Date.parse('2026-11-29T07:39:00Z'));
    expect(readOne([result('2026-11-29T07:39:00Z', true), result('2026-11-29T07:40:00Z', true)]).item?.since).toBeUndefined();
  });

  it('skips and reports results it cannot use, and keeps a result with a bad time out of the history only', () => {
    const { item, history, issues } = readOne([
      result('2026-11-29T07:39:00Z', true),
      { duration: 1, timestamp: '2026-11-29T07:39:30Z' },
      result('07:40', false, { duration: -5 }),
    ]);
    expect(item).toMatchObject({ health: 'critical', state: 'down' });
    // The change to down came with the result whose time is unreadable: when is not known.
    expect(item?.since).toBeUndefined();
    expect(item?.responseMs).toBeUndefined();
    expect(history).toEqual([{ at: Date.parse('2026-11-29T07:39:00Z'), ok: true, responseMs: 120 }]);
    expect(issues.map((issue) => issue.path)).toEqual([
      [0, 'results', 1],
      [0, 'results', 2, 'duration'],
      [0, 'results', 2, 'timestamp'],
    ]);
  });

  it('reports results that are not a list, and shows the endpoint as unknown', () => {
    const { item, issues } = readOne({ page: 1 });
    expect(item).toMatchObject({ health: 'unknown', state: 'new', summary: 'Gatus sent no results for it' });
    expect(issues).toEqual([{ path: [0, 'results'], message: 'expected a list of results, got object' }]);
  });

  it('skips and reports an endpoint without a key, and names one without a name by its key', () => {
    const reading = readGatusStatuses([{ name: 'lost', results: [] }, { key: 'core_db', results: [] }, 42], options);
    expect(reading.items.map(({ id, name }) => ({ id, name }))).toEqual([{ id: 'core_db', name: 'core_db' }]);
    expect(reading.issues).toEqual([
      { path: [0], message: 'an endpoint needs its key' },
      { path: [2], message: 'expected an object, got number' },
    ]);
  });

  it('reads an instance with no endpoints', () => {
    expect(readGatusStatuses(JSON.parse('[]'), options)).toEqual({ items: [], issues: [], history: new Map() });
  });

  it.each([
    ['an HTML page', '<html><body>Unauthorized</body></html>'],
    ['one endpoint’s answer', { key: '_db', results: [] }],
    ['nothing', null],
  ])('refuses %s', (_what, answer) => {
    expect(() => readGatusStatuses(answer, options)).toThrow(new SourceShapeError('This Gatus answer is not a list of endpoints.'));
  });
});

describe('readGatusEndpoint', () => {
  // `GET /api/v1/endpoints/{key}/statuses`: one Status with its events (config/endpoint/event.go: type START,
  // HEALTHY or UNHEALTHY, and a timestamp), as research §3 describes it.
  const ENDPOINT = {
    name: 'front-end',
    group: 'core',
    key: 'core_front-end',
    results: [result('2026-11-29T07:41:00Z', false), result('2026-11-29T07:42:00Z', false)],
    events: [
      { type: 'START', timestamp: '2026-11-20T09:00:00Z' },
      { type: 'HEALTHY', timestamp: '2026-11-20T09:00:05Z' },
      { type: 'UNHEALTHY', timestamp: '2026-11-29T07:30:00Z' },
    ],
  };

  it('reads the endpoint with its results and events, dating its state by the newest change', () => {
    const read = readGatusEndpoint(ENDPOINT, options);
    expect(read.issues).toEqual([]);
    expect(read.item).toMatchObject({ id: 'core_front-end', health: 'critical', state: 'down', since: Date.parse('2026-11-29T07:30:00Z') });
    expect(read.results.map((entry) => entry.ok)).toEqual([false, false]);
    expect(read.events).toEqual([
      { at: Date.parse('2026-11-20T09:00:00Z'), type: 'start' },
      { at: Date.parse('2026-11-20T09:00:05Z'), type: 'healthy' },
      { at: Date.parse('2026-11-29T07:30:00Z'), type: 'unhealthy' },
    ]);
  });

  it('reads an endpoint without events, and skips and reports events it cannot use', () => {
    expect(readGatusEndpoint({ key: '_db', results: [] }, options).events).toEqual([]);
    const read = readGatusEndpoint({ ...ENDPOINT, events: [{ type: 'RESTARTED', timestamp: '2026-11-29T07:30:00Z' }, { type: 'constructor', timestamp: '2026-11-29T07:30:00Z' }, { type: 'HEALTHY' }] }, options);
    expect(read.events).toEqual([]);
    expect(read.item.since).toBeUndefined();
    expect(read.issues.map((issue) => issue.path)).toEqual([['events', 0], ['events', 1], ['events', 2]]);
    expect(readGatusEndpoint({ ...ENDPOINT, events: 'none' }, options).issues).toEqual([{ path: ['events'], message: 'expected a list of events, got string' }]);
  });

  it('refuses an answer that is not one endpoint', () => {
    expect(() => readGatusEndpoint('endpoint not found', options)).toThrow(new SourceShapeError('This Gatus answer is not an endpoint’s statuses.'));
    expect(() => readGatusEndpoint(JSON.parse(STATUSES), options)).toThrow(SourceShapeError);
    expect(() => readGatusEndpoint({ results: [] }, options)).toThrow(new SourceShapeError('This Gatus answer names no endpoint (it has no key).'));
  });
});
