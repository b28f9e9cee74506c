import { describe, expect, it } from 'vitest';
import { readDomain, readHeartbeat, readMonitor, readNotificationHandler } from '../../common/api/index.ts';
import { readSent, sentMonitor } from './sent-items.ts';

describe('readMonitor', () => {
  // A date with an offset, as some servers send it: read as it stands.
  const full = { ...sentMonitor, updated_at: '2026-11-21T16:52:00+01:00' };

  it('reads every spec field', () => {
    expect(readSent(readMonitor, full)).toEqual({ ok: true, item: full, issues: [] });
  });

  it('reads an empty object: every field is optional', () => {
    expect(readSent(readMonitor, {})).toEqual({ ok: true, item: {}, issues: [] });
  });

  it('treats null exactly like an absent field', () => {
    const nulls = Object.fromEntries(Object.keys(full).map((key) => [key, null]));
    expect(readSent(readMonitor, nulls)).toEqual({ ok: true, item: {}, issues: [] });
  });

  it('drops unknown fields', () => {
    expect(readSent(readMonitor, { id: 'a', owner: 'me', tags: ['x'] }).item).toStrictEqual({
      id: 'a',
      name: undefined,
      type: undefined,
      url: undefined,
      frequency: undefined,
      last_status: undefined,
      created_at: undefined,
      updated_at: undefined,
      status_since: undefined,
      method: undefined,
      headers: undefined,
      secret_headers: undefined,
      body: undefined,
      expect: undefined,
      tls: undefined,
      retry_seconds: undefined,
      dns: undefined,
      last_checked_at: undefined,
      last_response_time_ms: undefined,
      last_error: undefined,
      certificate_expires_on: undefined,
      certificate_warning: undefined,
      notes: undefined,
    });
  });

  it('keeps enum values from outside the spec as data', () => {
    const { item, issues } = readSent(readMonitor, { type: 'smtp', last_status: 'paused' });
    expect(item).toEqual({ type: 'smtp', last_status: 'paused' });
    expect(issues).toEqual([]);
  });

  it.each([
    [{ frequency: '60' }, 'frequency', 'expected an integer, got string'],
    [{ frequency: 1.5 }, 'frequency', 'expected an integer within ±2^53, got 1.5'],
    [{ frequency: 2 ** 53 }, 'frequency', 'expected an integer within ±2^53, got 9007199254740992'],
    [{ frequency: 0 }, 'frequency', 'expected a positive integer, got 0'],
    [{ frequency: -60 }, 'frequency', 'expected a positive integer, got -60'],
    [{ name: 5 }, 'name', 'expected a string, got number'],
    [{ url: {} }, 'url', 'expected a string, got object'],
    [{ type: ['http'] }, 'type', 'expected a string, got array'],
    [{ last_status: true }, 'last_status', 'expected a string, got boolean'],
    [{ created_at: 'not a date' }, 'created_at', 'expected an ISO 8601 date-time with offset, got "not a date"'],
    [{ updated_at: 1_763_740_320 }, 'updated_at', 'expected a string, got number'],
  ])('drops a field of the wrong type and reports it: %j', (json, field, message) => {
    const { item, issues } = readSent(readMonitor, { id: 'keep', ...json });
    expect(item).toEqual({ id: 'keep' });
    expect(issues).toEqual([{ path: [field], message }]);
  });

  it('shortens long bad values in messages', () => {
    const { issues } = readSent(readMonitor, { created_at: 'x'.repeat(100) });
    expect(issues[0]?.message).toBe(`expected an ISO 8601 date-time with offset, got "${'x'.repeat(40)}…"`);
  });

  it('reports every bad field of one item', () => {
    const { issues } = readSent(readMonitor, { name: 1, frequency: 'x', created_at: 'y' });
    expect(issues.map((issue) => issue.path)).toEqual([['name'], ['frequency'], ['created_at']]);
  });
});

describe('ids', () => {
  it.each([
    [42, '42'],
    [0, '0'],
    [-3, '-3'],
    [Number.MAX_SAFE_INTEGER, '9007199254740991'],
    ['mon_abc', 'mon_abc'],
    ['a b/c?d#e%', 'a b/c?d#e%'],
  ])('reads %j as the id %j', (id, expected) => {
    expect(readSent(readMonitor, { id }).item.id).toBe(expected);
  });

  it.each([
    [1.5, 'expected an integer id below 2^53'],
    [2 ** 53, 'expected an integer id below 2^53'],
    ['', 'expected a non-empty id'],
    [true, 'expected a string or integer id, got boolean'],
    [{ value: 1 }, 'expected a string or integer id, got object'],
  ])('drops the id %j', (id, message) => {
    const { item, issues } = readSent(readDomain, { id, domain: 'example.com' });
    expect(item).toEqual({ domain: 'example.com' });
    expect(issues).toEqual([{ path: ['id'], message }]);
  });
});

describe('readHeartbeat', () => {
  const full = {
    id: 'hb_1',
    name: 'Backup',
    slug: 'k3l9x',
    expected_interval: 3600,
    last_ping: '2026-11-21T15:52:00.000Z',
    ping_url: 'https://vigil.example/ping/k3l9x',
  };

  it('reads every field, including the ping_url extension', () => {
    expect(readSent(readHeartbeat, full).item).toEqual(full);
  });

  it('reads a heartbeat that has never been pinged', () => {
    expect(readSent(readHeartbeat, { id: 'hb_1', last_ping: null }).item).toEqual({ id: 'hb_1' });
  });

  it.each([
    [{ expected_interval: '3600' }, 'expected_interval'],
    [{ expected_interval: -1 }, 'expected_interval'],
    [{ last_ping: '2026-11-21' }, 'last_ping'],
    [{ ping_url: 'javascript:alert(1)' }, 'ping_url'],
    [{ ping_url: 'file:///etc/passwd' }, 'ping_url'],
    [{ ping_url: '/ping/k3l9x' }, 'ping_url'],
    [{ ping_url: 'https://vigil.example/ping/a b' }, 'ping_url'],
  ])('drops and reports %j', (json, field) => {
    const { item, issues } = readSent(readHeartbeat, { id: 'hb_1', ...json });
    expect(item).toEqual({ id: 'hb_1' });
    expect(issues.map((issue) => issue.path)).toEqual([[field]]);
  });

  it('keeps an http (not https) ping_url from a local service', () => {
    expect(readSent(readHeartbeat, { ping_url: 'http://127.0.0.1:8080/ping/abc' }).item.ping_url).toBe(
      'http://127.0.0.1:8080/ping/abc',
    );
  });
});

describe('readDomain', () => {
  it('reads every field, with a negative days_until_expiry once expired', () => {
    const json = { id: 'dom_1', domain: 'example.com', expires_on: '2026-01-02', days_until_expiry: -5, registrar: 'R' };
    expect(readSent(readDomain, json)).toEqual({ ok: true, item: json, issues: [] });
  });

  it('cuts a full date-time in expires_on to its date, without an issue', () => {
    const { item, issues } = readSent(readDomain, { expires_on: '2027-03-01T23:00:00-05:00' });
    expect(item.expires_on).toBe('2027-03-01');
    expect(issues).toEqual([]);
  });

  it.each([['2026-02-30'], ['03/01/2027'], ['2027-3-1'], ['soon']])('drops the expires_on %j', (expiresOn) => {
    const { item, issues } = readSent(readDomain, { expires_on: expiresOn });
    expect(item.expires_on).toBeUndefined();
    expect(issues[0]?.message).toMatch(/^expected an ISO 8601 date \(YYYY-MM-DD\)/);
  });

  it.each([[30.5], ['30'], [1e300]])('drops the days_until_expiry %j', (days) => {
    const { item, issues } = readSent(readDomain, { days_until_expiry: days });
    expect(item.days_until_expiry).toBeUndefined();
    expect(issues).toHaveLength(1);
  });
});

describe('readNotificationHandler', () => {
  it('reads every field and keeps types this code does not know', () => {
    const json = { id: 'nh_1', name: 'Ops', type: 'slack', destination: '#ops' };
    expect(readSent(readNotificationHandler, json)).toEqual({ ok: true, item: json, issues: [] });
  });

  it('drops and reports a destination of the wrong type', () => {
    const { item, issues } = readSent(readNotificationHandler, { type: 'email', destination: ['a@b.c'] });
    expect(item).toEqual({ type: 'email' });
    expect(issues).toEqual([{ path: ['destination'], message: 'expected a string, got array' }]);
  });
});
