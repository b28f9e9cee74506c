import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERTING, DEFAULT_QUIET_HOURS } from '../../../common/ipc/alerting.ts';
import { NOTIFICATION_DEFAULTS } from '../../../common/ipc/settings.ts';
import { describeIssues } from '../../../main/core/storage/issues.ts';
import {
  defaultSettings,
  settingsSchema,
  type Connection,
  type Settings,
} from '../../../main/core/settings/settings-schema.ts';

const connection: Connection = { id: 'c1', name: 'Home lab', baseUrl: 'http://127.0.0.1:8731/api', kind: 'local', sourceKind: 'vigil', enabled: true };

/** The message a settings value gets, or undefined when it is valid. */
function problem(input: unknown): string | undefined {
  const result = settingsSchema.safeParse(input);
  return result.success ? undefined : describeIssues(result.error.issues);
}
const withField = (field: string, value: unknown) => ({ [field]: value });
const unsorted = 'must be unique and sorted from largest to smallest, e.g. 30, 14, 7, 1.';
const badId = 'must be 1 to 64 letters, digits, "-" or "_", starting with a letter or digit.';

describe('settings defaults', () => {
  it('are what an empty file reads as', () => {
    expect(settingsSchema.parse({})).toEqual({
      connections: [],
      pollIntervalSeconds: 60,
      domainThresholds: [30, 14, 7, 1],
      heartbeatGraceSeconds: 300,
      notifications: NOTIFICATION_DEFAULTS,
      snoozes: [],
      acknowledgements: [],
      quietHours: DEFAULT_QUIET_HOURS,
      alerting: DEFAULT_ALERTING,
      maintenance: [],
      dependencies: {},
      itemRules: {},
      keptFields: {},
      launchAtLogin: false,
      version: 3,
    });
    expect(defaultSettings).toEqual(settingsSchema.parse({}));
  });

  it('fill in around the fields a partial file has, nested ones included', () => {
    const settings = settingsSchema.parse({ pollIntervalSeconds: 30, notifications: { soundInfo: true } });
    expect(settings.pollIntervalSeconds).toBe(30);
    expect(settings.notifications).toEqual({ ...defaultSettings.notifications, soundInfo: true });
    expect(settings.domainThresholds).toEqual([30, 14, 7, 1]);
  });

  it('are frozen and never shared with a parsed value', () => {
    expect(Object.isFrozen(defaultSettings.domainThresholds)).toBe(true);
    const parsed = settingsSchema.parse({});
    parsed.domainThresholds.push(0);
    parsed.notifications.soundInfo = true;
    parsed.quietHours.ranges[0]?.days.pop();
    parsed.alerting.flapping.changes = 9;
    expect(settingsSchema.parse({}).domainThresholds).toEqual([30, 14, 7, 1]);
    expect(settingsSchema.parse({}).notifications.soundInfo).toBe(false);
    expect(settingsSchema.parse({}).quietHours).toEqual(DEFAULT_QUIET_HOURS);
    expect(settingsSchema.parse({}).alerting).toEqual(DEFAULT_ALERTING);
  });
});

describe('settings bounds', () => {
  it.each([
    ['pollIntervalSeconds', 10],
    ['pollIntervalSeconds', 3600],
    ['heartbeatGraceSeconds', 0],
    ['heartbeatGraceSeconds', 86_400],
    ['domainThresholds', [365]],
    ['domainThresholds', [1]],
    ['domainThresholds', [300, 200, 100, 60, 30, 14, 7, 1]],
    ['snoozes', [{ key: 'c1/monitor:7', until: 1_800_000_000_000 }, { key: 'c1/heartbeat:2', until: 'resumed' }]],
    ['snoozes', [{ key: `${'c'.repeat(64)}/monitor:${'7'.repeat(500)}`, until: 'resumed' }]],
    ['acknowledgements', [{ key: 'c1/monitor:7', at: 1_800_000_000_000 }, { key: 'c1/heartbeat:2', at: 0 }]],
    ['pausedUntil', 0],
    ['pausedUntil', 'resumed'],
    ['launchAtLogin', true],
    ['version', 3],
    ['notifications', { monitorDown: false, quietSummary: true }],
    ['quietHours', { enabled: true, ranges: [{ days: [1, 2], start: '22:00', end: '07:00' }], criticalBreaksThrough: false }],
    ['alerting', { delayMinutes: 5, flapping: { changes: 6, minutes: 30 } }],
    ['maintenance', [{ id: 'm1', connectionId: 'c1', item: 'monitor:7', startsAt: 1, endsAt: 2, createdAt: 1 }]],
    ['maintenance', [{ id: 'm2', connectionId: 'c1', startsAt: 1, repeat: { days: [0], start: '02:00', end: '03:00', timezone: 'Europe/Berlin' }, createdAt: 1 }]],
    ['dependencies', { 'c1/monitor:2': 'c1/monitor:1' }],
    ['itemRules', { 'c1/monitor:2': { delayMinutes: 5, tell: { recovered: false } } }],
  ])('accepts %s = %j', (field, value) => {
    expect(problem(withField(field, value))).toBeUndefined();
  });

  it.each([
    ['pollIntervalSeconds', 9, 'pollIntervalSeconds must be between 10 seconds and 1 hour.'],
    ['pollIntervalSeconds', 3601, 'pollIntervalSeconds must be between 10 seconds and 1 hour.'],
    ['pollIntervalSeconds', 60.5, 'pollIntervalSeconds must be a whole number of seconds.'],
    ['pollIntervalSeconds', '60', 'pollIntervalSeconds must be a number.'],
    ['heartbeatGraceSeconds', -1, 'heartbeatGraceSeconds must be between 0 seconds and 1 day.'],
    ['heartbeatGraceSeconds', 86_401, 'heartbeatGraceSeconds must be between 0 seconds and 1 day.'],
    ['domainThresholds', [], 'domainThresholds must hold at least one threshold.'],
    ['domainThresholds', [9, 8, 7, 6, 5, 4, 3, 2, 1], 'domainThresholds must hold at most 8 thresholds.'],
    ['domainThresholds', [0], 'domainThresholds[0] must be a whole number of days from 1 to 365.'],
    ['domainThresholds', [366], 'domainThresholds[0] must be a whole number of days from 1 to 365.'],
    ['domainThresholds', [7, 14], `domainThresholds ${unsorted}`],
    ['domainThresholds', [7, 7], `domainThresholds ${unsorted}`],
    ['notifications', { soundCritical: 'yes' }, 'notifications.soundCritical must be true or false.'],
    ['quietHours', { enabled: true, ranges: [{ days: [7], start: '22:00', end: '07:00' }], criticalBreaksThrough: true }, 'quietHours.ranges[0].days[0] must list weekdays as numbers from 0 (Sunday) to 6 (Saturday).'],
    ['quietHours', { enabled: true, ranges: [{ days: [1], start: '24:00', end: '07:00' }], criticalBreaksThrough: true }, 'quietHours.ranges[0].start must be a time of day as HH:MM, from 00:00 to 23:59.'],
    ['alerting', { delayMinutes: -1, flapping: { changes: 4, minutes: 15 } }, 'alerting.delayMinutes must be a whole number of minutes from 0 to 1440.'],
    ['maintenance', [{ id: 'm2', connectionId: 'c1', startsAt: 1, repeat: { days: [0], start: '02:00', end: '03:00', timezone: 'Mars/Olympus' }, createdAt: 1 }], 'maintenance[0].repeat.timezone must be an IANA time zone name this computer knows, like Europe/Berlin.'],
    ['itemRules', { 'c1/monitor:2': { delayMinutes: 2000 } }, 'itemRules.c1/monitor:2.delayMinutes must be a whole number of minutes from 0 to 1440.'],
    ['notifications', true, 'notifications must be an object.'],
    ['snoozes', [{ key: '', until: 1 }], 'snoozes[0].key must not be empty.'],
    ['snoozes', [{ key: 'k', until: -1 }], 'snoozes[0].until must be a time in epoch milliseconds or "resumed".'],
    ['snoozes', [{ key: 'k', until: 'later' }], 'snoozes[0].until must be a time in epoch milliseconds or "resumed".'],
    ['snoozes', [{ key: 'k', until: 1 }, { key: 'k', until: 2 }], 'snoozes[1].key must be unique.'],
    ['acknowledgements', [{ key: 'c1/monitor:7' }], 'acknowledgements[0].at must be a time in epoch milliseconds.'],
    ['acknowledgements', [{ key: '', at: 1 }], 'acknowledgements[0].key must not be empty.'],
    ['acknowledgements', [{ key: 'k', at: 1 }, { key: 'k', at: 2 }], 'acknowledgements[1].key must be unique.'],
    ['acknowledgements', { 'c1/monitor:7': 1 }, 'acknowledgements must be a list.'],
    ['pausedUntil', 1.5, 'pausedUntil must be a time in epoch milliseconds or "resumed".'],
    ['pausedUntil', 'paused', 'pausedUntil must be a time in epoch milliseconds or "resumed".'],
    ['launchAtLogin', 'no', 'launchAtLogin must be true or false.'],
    ['snoozes', [{ key: 'k'.repeat(601), until: 1 }], 'snoozes[0].key must be at most 600 characters.'],
    ['version', 1, 'version must be 3.'],
  ])('refuses %s = %j with a message naming the field', (field, value, message) => {
    expect(problem(withField(field, value))).toBe(message);
  });

  it('refuses a value that is not an object', () => {
    expect(problem([])).toBe('must be a JSON object.');
  });

  it('counts the further problems in one sentence', () => {
    expect(problem({ pollIntervalSeconds: 1, launchAtLogin: 1, version: 4 })).toBe(
      'pollIntervalSeconds must be between 10 seconds and 1 hour (and 2 more problems).',
    );
  });
});

describe('connections', () => {
  const withConnection = (change: Partial<Record<keyof Connection, unknown>>) => ({
    connections: [{ ...connection, ...change }],
  });

  it('accepts a local and a remote connection, enabled unless turned off', () => {
    const remote = {
      id: '0f8fad5b-d9cb-469f-a165-70867728950e',
      name: 'Prod',
      baseUrl: 'https://vigil.example.com/api',
      kind: 'remote',
    };
    expect(problem({ connections: [connection, remote] })).toBeUndefined();
    expect(settingsSchema.parse({ connections: [remote, { ...connection, enabled: false }] }).connections.map((c) => c.enabled)).toEqual([true, false]);
    expect(problem({ connections: [{ ...connection, enabled: 'yes' }] })).toBe('connections[0].enabled must be true or false.');
  });

  it.each([
    'http://127.0.0.1:8731/api',
    'http://localhost:8731/api',
    'http://[::1]:8731/api',
    'https://monitor.example.com',
    'https://example.com/monitoring/api',
  ])('accepts the base URL %s', (baseUrl) => {
    expect(problem(withConnection({ baseUrl }))).toBeUndefined();
  });

  it('stores the base URL trimmed and without a trailing slash', () => {
    const settings = settingsSchema.parse(withConnection({ baseUrl: ' http://127.0.0.1:8731/api/ ', name: '  Lab  ' }));
    expect(settings.connections[0]).toMatchObject({ baseUrl: 'http://127.0.0.1:8731/api', name: 'Lab' });
  });

  it.each([
    ['ftp://example.com/api', 'must start with http:// or https://, like https://example.com'],
    ['127.0.0.1:8731/api', 'must start with http:// or https://, like https://127.0.0.1:8731/api'],
    ['http://user:pass@example.com/api', 'must not contain a user name or password (user:pass@)'],
    ['http://example.com/api?token=x', 'must not have a query (?…)'],
    ['http://example.com/api#top', 'must not have a fragment (#…)'],
    ['http://example.com:99999/api', 'must use a port between 1 and 65535'],
    ['http://exa mple.com/api', 'must not contain spaces (write a space in a path as %20)'],
  ])('refuses the base URL %s', (baseUrl, message) => {
    expect(problem(withConnection({ baseUrl }))).toContain(`connections[0].baseUrl ${message}`);
  });

  it.each([
    [{ name: '' }, 'connections[0].name must not be empty.'],
    [{ name: '   ' }, 'connections[0].name must not be empty.'],
    [{ name: 'x'.repeat(101) }, 'connections[0].name must be at most 100 characters.'],
    [{ name: undefined }, 'connections[0].name is required.'],
    [{ kind: 'cloud' }, 'connections[0].kind must be "local" or "remote".'],
    [{ id: '' }, `connections[0].id ${badId}`],
    [{ id: '../x' }, `connections[0].id ${badId}`],
    [{ id: 'a'.repeat(65) }, `connections[0].id ${badId}`],
  ])('refuses %j', (change, message) => {
    expect(problem(withConnection(change))).toBe(message);
  });

  it('accepts a name of exactly 100 characters', () => {
    expect(problem(withConnection({ name: 'x'.repeat(100) }))).toBeUndefined();
  });

  it('refuses two connections with the same id', () => {
    expect(problem({ connections: [connection, { ...connection, name: 'Copy' }] })).toBe(
      'connections[1].id must be unique: another connection already uses this id.',
    );
  });

  it('drops anything that is not a setting, so a token can never be saved with a connection', () => {
    const settings = settingsSchema.parse({
      connections: [{ ...connection, token: 'secret', password: 'pw' }],
      token: 'secret',
    });
    expect(JSON.stringify(settings)).not.toContain('secret');
    expect(settings.connections[0]).toEqual(connection);
  });
});

describe('settings serialization (property)', () => {
  const ids = ['c1', 'c2', 'c3', '0f8fad5b-d9cb-469f-a165-70867728950e'];
  const connectionArb = fc.record({
    id: fc.constantFrom(...ids),
    name: fc.string({ minLength: 1, maxLength: 100 }),
    baseUrl: fc.oneof(
      fc.webUrl({ withQueryParameters: false, withFragments: false }),
      fc.constantFrom('http://127.0.0.1:8731/api', 'http://[::1]:8731/api/', ' https://example.com/x/api// '),
    ),
    kind: fc.constantFrom('local', 'remote'),
    enabled: fc.boolean(),
  });
  const until = fc.oneof(fc.constant('resumed'), fc.integer({ min: -1, max: 2 ** 53 }));
  /** Mostly a plausible value for the field, now and then any JSON at all. */
  const field = <T>(plausible: fc.Arbitrary<T>) =>
    fc.oneof({ arbitrary: plausible, weight: 19 }, { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 });
  const candidate = fc.record(
    {
      connections: field(fc.uniqueArray(connectionArb, { maxLength: 4, selector: (connection) => connection.id })),
      pollIntervalSeconds: field(fc.integer({ min: 0, max: 4000 })),
      domainThresholds: field(
        fc.oneof(
          fc
            .uniqueArray(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 9 })
            .map((days) => days.sort((a, b) => b - a)),
          fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 9 }),
        ),
      ),
      heartbeatGraceSeconds: field(fc.integer({ min: -5, max: 90_000 })),
      notifications: field(fc.dictionary(fc.constantFrom('monitorDown', 'sound', 'token', 'extra'), fc.boolean())),
      snoozes: field(
        fc.uniqueArray(fc.record({ key: fc.string({ maxLength: 8 }), until }), {
          maxLength: 4,
          selector: (snooze) => snooze.key,
        }),
      ),
      pausedUntil: field(until),
      launchAtLogin: field(fc.boolean()),
      version: field(fc.constant(2)),
    },
    { requiredKeys: [] },
  );

  it('gives back every value that parses unchanged after a JSON round trip (parse ∘ serialize fixed point)', () => {
    let parsed = 0;
    fc.assert(
      fc.property(candidate, (input) => {
        const first = settingsSchema.safeParse(input);
        if (!first.success) return;
        parsed++;
        const serialized = JSON.stringify(first.data);
        const again: Settings = settingsSchema.parse(JSON.parse(serialized));
        expect(again).toEqual(first.data);
        expect(JSON.stringify(again)).toBe(serialized);
      }),
      { numRuns: 1000 },
    );
    // Enough of the generated values are valid for the property to mean something (about 3 % are: ~30 of 1,000).
    expect(parsed).toBeGreaterThan(5);
  });
});
