// The settings and SMTP schemas of the contract: what the window may send, and the sentence each refusal gets.
import { describe, expect, it } from 'vitest';
import { checkCall } from '../../common/ipc/call-check.ts';
import { isLoopbackIp, NOTIFICATION_DEFAULTS, settingsPatchSchema, smtpInputSchema, testEmailSchema } from '../../common/ipc/settings.ts';

/** field → message of every issue, as the window would show them. */
function refusals(method: string, args: unknown[]): Record<string, string> {
  const result = checkCall(method, args);
  if (result.ok) throw new Error(`${method} accepted ${JSON.stringify(args)}`);
  expect(result.error).toMatchObject({ code: 'invalid-arguments', message: `${method} was called with invalid arguments.` });
  return Object.fromEntries((result.error.details ?? []).map((detail) => [detail.field, detail.message]));
}

const smtp = { host: 'smtp.example.com', port: 587, security: 'starttls', user: 'alerts', password: 'pa55', from: 'vigil@example.com' };

describe('notification defaults', () => {
  it('tell a fresh install about every kind of news, one notification each, with a sound for problems and none for good news', () => {
    const on = Object.entries(NOTIFICATION_DEFAULTS).flatMap(([name, value]) => (value ? [name] : []));
    expect(on).toEqual(['monitorDown', 'monitorRecovered', 'heartbeatLate', 'heartbeatRecovered', 'domainExpiring', 'connection', 'token', 'soundCritical', 'soundWarning']);
    expect({ soundInfo: NOTIFICATION_DEFAULTS.soundInfo, quietSummary: NOTIFICATION_DEFAULTS.quietSummary }).toEqual({ soundInfo: false, quietSummary: false });
  });
});

describe('updateSettings', () => {
  it('takes any subset, notifications flag by flag', () => {
    expect(settingsPatchSchema.parse({})).toEqual({});
    expect(settingsPatchSchema.parse({ pollIntervalSeconds: 10, notifications: { soundInfo: true } })).toEqual({ pollIntervalSeconds: 10, notifications: { soundInfo: true } });
    const quietHours = { enabled: true, ranges: [{ days: [5, 1], start: '22:00', end: '07:00' }], criticalBreaksThrough: false };
    expect(settingsPatchSchema.parse({ quietHours }).quietHours?.ranges[0]?.days).toEqual([1, 5]);
    expect(checkCall('updateSettings', [{ alerting: { delayMinutes: 5, flapping: { changes: 4, minutes: 15 } } }])).toMatchObject({ ok: true });
    expect(checkCall('updateSettings', [{ domainThresholds: [60, 7], heartbeatGraceSeconds: 0, launchAtLogin: true }])).toMatchObject({ ok: true });
  });

  it.each([
    [{ pollIntervalSeconds: 9 }, '0.pollIntervalSeconds', 'must be between 10 seconds and 1 hour'],
    [{ pollIntervalSeconds: 3601 }, '0.pollIntervalSeconds', 'must be between 10 seconds and 1 hour'],
    [{ pollIntervalSeconds: 60.5 }, '0.pollIntervalSeconds', 'must be a whole number of seconds'],
    [{ heartbeatGraceSeconds: -1 }, '0.heartbeatGraceSeconds', 'must be between 0 seconds and 1 day'],
    [{ domainThresholds: [7, 14] }, '0.domainThresholds', 'must be unique and sorted from largest to smallest, e.g. 30, 14, 7, 1'],
    [{ domainThresholds: [7, 7] }, '0.domainThresholds', 'must be unique and sorted from largest to smallest, e.g. 30, 14, 7, 1'],
    [{ domainThresholds: [] }, '0.domainThresholds', 'must hold at least one threshold'],
    [{ domainThresholds: [9, 8, 7, 6, 5, 4, 3, 2, 1] }, '0.domainThresholds', 'must hold at most 8 thresholds'],
    [{ domainThresholds: [400] }, '0.domainThresholds.0', 'must be a whole number of days from 1 to 365'],
    [{ notifications: { soundWarning: 'yes' } }, '0.notifications.soundWarning', 'must be true or false'],
    [{ quietHours: { enabled: true, ranges: [{ days: [], start: '22:00', end: '07:00' }], criticalBreaksThrough: true } }, '0.quietHours.ranges.0.days', 'must name at least one day'],
    [{ quietHours: { enabled: true, ranges: [{ days: [1, 1], start: '22:00', end: '07:00' }], criticalBreaksThrough: true } }, '0.quietHours.ranges.0.days', 'must name each day at most once'],
    [{ quietHours: { enabled: true, ranges: [{ days: [1], start: '7:00', end: '07:00' }], criticalBreaksThrough: true } }, '0.quietHours.ranges.0.start', 'must be a time of day as HH:MM, from 00:00 to 23:59'],
    [{ alerting: { delayMinutes: 0, flapping: { changes: 1, minutes: 15 } } }, '0.alerting.flapping.changes', 'must be a whole number of changes from 2 to 50'],
    [{ launchAtLogin: 1 }, '0.launchAtLogin', 'must be true or false'],
  ])('refuses %j, naming the field', (patch, field, message) => {
    expect(refusals('updateSettings', [patch])).toEqual({ [field]: message });
  });

  it('refuses keys it does not know, at the top and among the notification flags', () => {
    expect(Object.keys(refusals('updateSettings', [{ connections: [] }]))).toEqual(['0']);
    expect(Object.keys(refusals('updateSettings', [{ notifications: { loud: true } }]))).toEqual(['0.notifications']);
    expect(Object.keys(refusals('updateSettings', [{ about: { version: '9' } }]))).toEqual(['0']);
  });
});

describe('setLocalSmtp', () => {
  it('takes a server, trims it, and keeps the password write-only (absent, a new one, or null)', () => {
    expect(smtpInputSchema.parse({ ...smtp, host: ' smtp.example.com ', from: ' vigil@example.com ' })).toEqual(smtp);
    const { password: _password, ...withoutPassword } = smtp;
    expect(smtpInputSchema.parse(withoutPassword)).toEqual(withoutPassword);
    expect(smtpInputSchema.parse({ ...smtp, password: null }).password).toBeNull();
    expect(checkCall('setLocalSmtp', [null])).toMatchObject({ ok: true, args: [null] });
  });

  it('reads an empty user name as none, and an IPv6 address with or without brackets', () => {
    expect(smtpInputSchema.parse({ ...smtp, user: '  ' }).user).toBeUndefined();
    expect(smtpInputSchema.parse({ ...smtp, host: '[::1]', security: 'none' }).host).toBe('::1');
    expect(smtpInputSchema.parse({ ...smtp, host: '2001:db8::25' }).host).toBe('2001:db8::25');
  });

  it('sends mail without encryption only to a loopback IP address', () => {
    for (const host of ['127.0.0.1', '127.8.9.10', '::1', '[::1]', '0:0:0:0:0:0:0:1']) {
      expect(checkCall('setLocalSmtp', [{ ...smtp, host, security: 'none' }])).toMatchObject({ ok: true });
    }
    for (const host of ['localhost', 'smtp.example.com', '10.0.0.1', '192.168.1.25', '::ffff:7f00:1', '::2']) {
      expect(refusals('setLocalSmtp', [{ ...smtp, host, security: 'none' }])).toEqual({
        '0.security': '"none" is allowed only for a loopback IP address (127.0.0.1 or ::1); use "tls" or "starttls"',
      });
    }
    expect(isLoopbackIp('127.0.0.1')).toBe(true);
    expect(isLoopbackIp('128.0.0.1')).toBe(false);
  });

  it.each([
    [{ host: '' }, '0.host', 'must not be empty'],
    [{ host: 'smtp example.com' }, '0.host', 'must be a host name or an IP address, like smtp.example.com'],
    [{ port: 0 }, '0.port', 'must be a whole number from 1 to 65535'],
    [{ port: 65_536 }, '0.port', 'must be a whole number from 1 to 65535'],
    [{ port: '587' }, '0.port', 'must be a whole number from 1 to 65535'],
    [{ security: 'ssl' }, '0.security', 'must be "tls", "starttls" or "none"'],
    [{ from: 'Vigil <vigil@example.com>' }, '0.from', 'must be a single email address, like vigil@example.com'],
    [{ from: 'a@example.com, b@example.com' }, '0.from', 'must be a single email address, like vigil@example.com'],
    [{ password: '' }, '0.password', 'must not be empty'],
    [{ user: 'u'.repeat(321) }, '0.user', 'must be at most 320 characters'],
  ])('refuses %j, naming the field', (change, field, message) => {
    expect(refusals('setLocalSmtp', [{ ...smtp, ...change }])).toEqual({ [field]: message });
  });

  it('refuses keys it does not know (no way to sneak a field into config.json)', () => {
    expect(Object.keys(refusals('setLocalSmtp', [{ ...smtp, secure: true }]))).toEqual(['0']);
    expect(Object.keys(refusals('setLocalSmtp', [{ ...smtp, passwordSaved: true }]))).toEqual(['0']);
  });
});

describe('sendTestEmail', () => {
  it('takes one address, trimmed', () => {
    expect(testEmailSchema.parse({ to: ' you@example.com ' })).toEqual({ to: 'you@example.com' });
  });

  it.each(['', 'you', 'a@example.com,b@example.com', 'You <you@example.com>'])('refuses %j', (to) => {
    expect(refusals('sendTestEmail', [{ to }])).toEqual({ '0.to': 'must be a single email address, like you@example.com' });
  });

  it('refuses keys it does not know', () => {
    expect(Object.keys(refusals('sendTestEmail', [{ to: 'you@example.com', cc: 'them@example.com' }]))).toEqual(['0']);
  });
});
