import { describe, expect, it } from 'vitest';
import { SourceShapeError } from '../../../main/core/sources/source-reading.ts';
import { readUptimeRobotLegacyMonitors, readUptimeRobotMonitors, UptimeRobotFailure } from '../../../main/core/sources/uptimerobot.ts';

const NOW = Date.parse('2026-11-29T08:00:00Z');
const options = { now: NOW };

// v3 `GET /v3/monitors`: the `{data, nextLink}` envelope and `nextLink` are as docs/source-apis.md §4.1
// cites them; the monitor's fields are those of UptimeRobot's official client struct
// (uptimerobot/terraform-provider-uptimerobot internal/client/monitor.go). No literal monitor body is published.
const V3_PAGE = {
  data: [
    {
      id: 803767164,
      friendlyName: 'Shop',
      url: 'https://shop.example.org/health',
      type: 'HTTP',
      status: 'DOWN',
      interval: 300,
      timeout: 30,
      port: null,
      currentStateDuration: 7500,
      sslExpiryDateTime: '2026-12-09T12:00:00.000Z',
      tags: [{ id: 1, name: 'prod', color: '#f00' }],
    },
    { id: 803767165, friendlyName: 'Mail', url: 'mail.example.org', type: 'PORT', status: 'UP', port: 587, currentStateDuration: 60 },
  ],
  nextLink: 'https://api.uptimerobot.com/v3/monitors/?limit=2&cursor=803767165',
};

function readV3One(monitor: Record<string, unknown>) {
  const reading = readUptimeRobotMonitors({ data: [{ id: 42, friendlyName: 'API', url: 'https://api.example.org', type: 'HTTP', ...monitor }], nextLink: null }, options);
  return { item: reading.items[0], issues: reading.issues };
}

describe('readUptimeRobotMonitors (v3)', () => {
  it('reads a page of monitors and the cursor of the next', () => {
    const reading = readUptimeRobotMonitors(V3_PAGE, options);
    expect(reading.issues).toEqual([]);
    expect(reading.items).toEqual([
      {
        id: '803767164',
        name: 'Shop',
        kind: 'monitor',
        health: 'critical',
        state: 'down',
        summary: 'Down for 2 h 5 min',
        since: NOW - 7_500_000,
        certificateDaysLeft: 10,
        target: { type: 'http', url: 'https://shop.example.org/health' },
        webUrl: 'https://dashboard.uptimerobot.com/monitors/803767164',
      },
      {
        id: '803767165',
        name: 'Mail',
        kind: 'monitor',
        health: 'ok',
        state: 'up',
        summary: 'Up for 1 min',
        since: NOW - 60_000,
        target: { type: 'port', hostname: 'mail.example.org', port: 587 },
        webUrl: 'https://dashboard.uptimerobot.com/monitors/803767165',
      },
    ]);
    expect(reading.nextCursor).toBe('803767165');
  });

  it('has no next cursor on the last page, and reports a next link it cannot follow', () => {
    expect(readUptimeRobotMonitors({ data: [], nextLink: null }, options)).toEqual({ items: [], issues: [] });
    expect(readUptimeRobotMonitors({ data: [] }, options).nextCursor).toBeUndefined();
    const odd = readUptimeRobotMonitors({ data: [], nextLink: 'https://elsewhere.example/next' }, options);
    expect(odd.nextCursor).toBeUndefined();
    expect(odd.issues).toEqual([{ path: ['nextLink'], message: expect.stringContaining('were not read') }]);
  });

  it.each([
    ['UP', { health: 'ok', state: 'up', summary: 'Up' }],
    ['DOWN', { health: 'critical', state: 'down', summary: 'Down' }],
    ['SEEMS_DOWN', { health: 'warning', state: 'pending', summary: 'Seems down, being checked again' }],
    ['PAUSED', { health: 'ok', state: 'paused', summary: 'Paused' }],
    ['NOT_CHECKED', { health: 'unknown', state: 'new', summary: 'Not checked yet' }],
    ['STARTED', { health: 'unknown', state: 'unknown', summary: 'UptimeRobot says status "STARTED", which Vigil does not know' }],
    // The OpenAPI example has "status": null.
    [null, { health: 'unknown', state: 'unknown', summary: 'UptimeRobot did not say its status' }],
  ])('maps status %s', (status, standing) => {
    expect(readV3One({ status }).item).toMatchObject(standing);
  });

  it('says how long a known state has lasted, and dates only a known one', () => {
    expect(readV3One({ status: 'PAUSED', currentStateDuration: 90_000 }).item).toMatchObject({ summary: 'Paused for 1 d 1 h', since: NOW - 90_000_000 });
    expect(readV3One({ status: 'SEEMS_DOWN', currentStateDuration: 30 }).item).toMatchObject({ summary: 'Seems down, being checked again', since: NOW - 30_000 });
    expect(readV3One({ status: 'WHATEVER', currentStateDuration: 30 }).item?.since).toBeUndefined();
  });

  it('puts a heartbeat monitor with the heartbeats, without its secret ping URL', () => {
    const { item } = readV3One({ type: 'HEARTBEAT', url: 'https://heartbeat.uptimerobot.com/m803767166-0a1b2c3d4e5f', status: 'UP', interval: 3600 });
    expect(item).toMatchObject({ kind: 'heartbeat', target: { type: 'heartbeat' }, schedule: { periodSeconds: 3600 } });
    expect(JSON.stringify(item)).not.toContain('0a1b2c3d4e5f');
  });

  it('names a nameless monitor by its URL, else its id', () => {
    expect(readV3One({ friendlyName: '' }).item?.name).toBe('https://api.example.org');
    expect(readV3One({ friendlyName: null, url: null }).item?.name).toBe('Monitor 42');
  });

  it('drops and reports bad fields, and skips a monitor without an id', () => {
    const reading = readUptimeRobotMonitors(
      { data: [{ id: 42, friendlyName: 'API', status: 'UP', port: '80', sslExpiryDateTime: 'next week' }, { friendlyName: 'Lost', status: 'UP' }, 'API'] },
      options,
    );
    expect(reading.items).toHaveLength(1);
    expect(reading.items[0]?.target).toBeUndefined();
    expect(reading.issues.map((issue) => issue.path)).toEqual([
      ['data', 0, 'port'],
      ['data', 0, 'sslExpiryDateTime'],
      ['data', 1],
      ['data', 2],
    ]);
  });

  it.each([
    ['an HTML page', '<html><title>502 Bad Gateway</title></html>'],
    ['an error body', { message: 'Unauthorized' }],
    ['the v2 shape', { stat: 'ok', monitors: [] }],
  ])('refuses %s', (_what, answer) => {
    expect(() => readUptimeRobotMonitors(answer, options)).toThrow(new SourceShapeError('This UptimeRobot answer has no monitors list.'));
  });
});

describe('readUptimeRobotLegacyMonitors (v2)', () => {
  // `POST /v2/getMonitors` success, as docs/source-apis.md §4.2 cites it (UptimeRobot's v2 docs and
  // ludeeus/pyuptimerobot fixtures): port and sub_type as strings, the uptime ratio a string.
  const V2_OK = `{"stat":"ok","pagination":{"offset":0,"limit":50,"total":2},
 "monitors":[{"id":777749809,"friendly_name":"Google","url":"https://www.google.com","type":1,"sub_type":"",
              "keyword_type":null,"keyword_value":"","http_username":"","http_password":"","port":"",
              "interval":300,"status":2,"create_datetime":1462565497,"custom_uptime_ratio":"99.983"}]}`;

  function readV2One(monitor: Record<string, unknown>) {
    const reading = readUptimeRobotLegacyMonitors({ stat: 'ok', monitors: [{ id: 7, friendly_name: 'Box', url: 'box.example.org', type: 3, ...monitor }] });
    return { item: reading.items[0], issues: reading.issues };
  }

  it('reads the monitors', () => {
    const reading = readUptimeRobotLegacyMonitors(JSON.parse(V2_OK));
    expect(reading).toEqual({
      items: [
        {
          id: '777749809',
          name: 'Google',
          kind: 'monitor',
          health: 'ok',
          state: 'up',
          summary: 'Up',
          target: { type: 'http', url: 'https://www.google.com' },
          webUrl: 'https://dashboard.uptimerobot.com/monitors/777749809',
        },
      ],
      issues: [],
    });
  });

  it.each([
    [0, { health: 'ok', state: 'paused', summary: 'Paused' }],
    [1, { health: 'unknown', state: 'new', summary: 'Not checked yet' }],
    [2, { health: 'ok', state: 'up', summary: 'Up' }],
    [8, { health: 'warning', state: 'pending', summary: 'Seems down, being checked again' }],
    [9, { health: 'critical', state: 'down', summary: 'Down' }],
    ['9', { health: 'critical', state: 'down', summary: 'Down' }],
    [7, { health: 'unknown', state: 'unknown', summary: 'UptimeRobot says status 7, which Vigil does not know' }],
    [undefined, { health: 'unknown', state: 'unknown', summary: 'UptimeRobot did not say its status' }],
  ])('maps status %s', (status, standing) => {
    expect(readV2One({ status }).item).toMatchObject(standing);
  });

  it('says an unreadable status as it came, and reports it', () => {
    const { item, issues } = readV2One({ status: 'down' });
    expect(item).toMatchObject({ health: 'unknown', summary: 'UptimeRobot says status "down", which Vigil does not know' });
    expect(issues).toEqual([{ path: ['monitors', 0, 'status'], message: 'expected a whole number, got "down"' }]);
  });

  it('reads numbers written as strings, and a port monitor’s port from its service', () => {
    expect(readV2One({ id: '7', type: '4', sub_type: '2', port: '', status: '2' }).item).toMatchObject({
      id: '7',
      target: { type: 'port', hostname: 'box.example.org', port: 443 },
    });
    expect(readV2One({ type: 4, sub_type: '99', port: '8443', status: 2 }).item?.target).toEqual({ type: 'port', hostname: 'box.example.org', port: 8443 });
    expect(readV2One({ type: 3, status: 2 }).item?.target).toEqual({ type: 'ping', hostname: 'box.example.org' });
    expect(readV2One({ type: 5, url: 'https://heartbeat.uptimerobot.com/m7-secret', interval: '600', status: 2 }).item).toMatchObject({
      kind: 'heartbeat',
      target: { type: 'heartbeat' },
      schedule: { periodSeconds: 600 },
    });
  });

  it('says where the next page starts, until the last', () => {
    const page = (pagination: unknown) => readUptimeRobotLegacyMonitors({ stat: 'ok', pagination, monitors: [] }).nextOffset;
    expect(page({ offset: 0, limit: 50, total: 120 })).toBe(50);
    expect(page({ offset: '50', limit: '50', total: '120' })).toBe(100);
    expect(page({ offset: 100, limit: 50, total: 120 })).toBeUndefined();
    expect(page(undefined)).toBeUndefined();
  });

  it('turns a refusal on HTTP 200 into a failure that never repeats the key', () => {
    // Both bodies as ludeeus/pyuptimerobot's fixtures show them (research §4.2).
    const badKey = JSON.parse('{"stat":"fail","error":{"type":"invalid_parameter","parameter_name":"api_key","passed_value":"bad_key","message":"api_key not found."}}');
    const missing = JSON.parse('{"stat":"fail","error":{"type":"invalid_parameter","parameter_name":"api_key","message":"api_key parameter is missing."}}');
    for (const answer of [badKey, missing]) {
      const failure = catchFailure(() => readUptimeRobotLegacyMonitors(answer));
      expect(failure).toMatchObject({ isKeyProblem: true, message: 'UptimeRobot does not accept this API key: it is missing, mistyped or revoked.' });
      expect(failure.message).not.toContain('bad_key');
    }
    const other = catchFailure(() => readUptimeRobotLegacyMonitors({ stat: 'fail', error: { type: 'internal', message: 'Something went wrong.' } }));
    expect(other).toMatchObject({ isKeyProblem: false, message: 'UptimeRobot refused the request: Something went wrong.' });
    expect(catchFailure(() => readUptimeRobotLegacyMonitors({ stat: 'fail' })).message).toBe('UptimeRobot refused the request');
  });

  it.each([
    ['an HTML page', '<!DOCTYPE html><html>Cloudflare</html>'],
    ['no stat', { monitors: [] }],
    ['no monitors', { stat: 'ok' }],
    ['the v3 shape', { data: [], nextLink: null }],
  ])('refuses %s', (_what, answer) => {
    expect(() => readUptimeRobotLegacyMonitors(answer)).toThrow(new SourceShapeError('This UptimeRobot answer has no monitors list.'));
  });
});

function catchFailure(read: () => unknown): UptimeRobotFailure {
  try {
    read();
  } catch (error) {
    if (error instanceof UptimeRobotFailure) return error;
    throw error;
  }
  throw new Error('expected an UptimeRobotFailure');
}
