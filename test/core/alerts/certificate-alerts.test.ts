// A monitor's certificate told as a domain's expiry is (main/core/alerts/certificate-changes.ts): each threshold
// once, the smallest one due, "expired" last, a renewal re-arms; its news is the monitor's for the person's rules
// (topic, per-item kinds, snoozes, maintenance) yet a story of its own beside the monitor's up and down.
import { describe, expect, it } from 'vitest';
import type { Monitor } from '../../../common/api/index.ts';
import { formatDateTime } from '../../../common/format/clock-time.ts';
import { hostLocale } from '../../../main/core/app/host-locale.ts';
import { evaluatePoll, initialAlertState, restoreAlertState, type AlertState } from '../../../main/core/alerts/index.ts';
import { certificateChanges } from '../../../main/core/alerts/certificate-changes.ts';
import type { ItemEvent } from '../../../main/core/alerts/item-changes.ts';
import { context, DAY, domain, HOUR, iso, MINUTE, monitor, NOW, ok, pollAll, preferences, primed, tables } from './fixtures.ts';
import { alertRules, nightly, RulesRun, window } from './rules-fixtures.ts';

/** The API monitor, its certificate ending `endsIn` ms after `at` (none when undefined). */
function api(endsIn: number | undefined, at = NOW, extra: Partial<Monitor> = {}, status = 'up'): Monitor {
  const certificate = endsIn === undefined ? {} : { certificate_expires_on: iso(at + endsIn) };
  return monitor('api', status, { name: 'API', ...certificate, ...extra });
}

/** The end as a notification says it: in the computer's locale and zone. */
const onThisComputer = (at: number) => formatDateTime(at, { locale: hostLocale() });

const titles = (alerts: readonly { title: string }[]) => alerts.map(({ title }) => title);

describe('certificate alerts', () => {
  it('tell each threshold once as the end nears, then once when it has passed', () => {
    const ends = NOW + 40 * DAY + HOUR;
    const steps = Array.from({ length: 43 }, (_, index) => {
      const at = NOW + index * DAY;
      return { outcome: ok({ monitors: [api(ends - at, at)] }, at) };
    });
    const { alerts, state } = pollAll(primed({ monitors: [api(ends - NOW)] }), steps);
    expect(alerts.flatMap((poll, index) => poll.map((alert) => `${40 - index}: ${alert.title}`))).toEqual([
      '30: The certificate of API expires in 30 days',
      '14: The certificate of API expires in 14 days',
      '7: The certificate of API expires in 7 days',
      '1: The certificate of API expires in 1 day',
      '-1: The certificate of API has expired',
    ]);
    expect(state.certificates).toEqual({ 'monitor:api': { threshold: -1, expiryDay: Math.floor(ends / DAY) } });
  });

  it('say when it ends and where, as a warning, and when it ended, as critical, on the monitor', () => {
    const state = primed({ monitors: [api(90 * DAY)] });
    const [expiring] = evaluatePoll(state, ok({ monitors: [api(7 * DAY + HOUR)] }), context()).alerts;
    expect(expiring).toEqual({
      id: `conn-1|certificate-expiring|monitor:api|${NOW}`,
      kind: 'certificate-expiring',
      severity: 'warning',
      title: 'The certificate of API expires in 7 days',
      body: `It ends on ${onThisComputer(NOW + 7 * DAY + HOUR)} (https://api.example.com/); renew it before then. · Work API`,
      connectionId: 'conn-1',
      itemKey: 'monitor:api',
    });
    const [soon] = evaluatePoll(state, ok({ monitors: [api(HOUR)] }), context()).alerts;
    expect(soon).toMatchObject({ title: 'The certificate of API expires within a day' });
    const [expired] = evaluatePoll(state, ok({ monitors: [api(-2 * DAY)] }), context()).alerts;
    expect(expired).toMatchObject({
      kind: 'certificate-expired',
      severity: 'critical',
      title: 'The certificate of API has expired',
      body: `It ended on ${onThisComputer(NOW - 2 * DAY)} (https://api.example.com/); renew it. · Work API`,
      itemKey: 'monitor:api',
    });
  });

  it('tell only the smallest threshold crossed, once', () => {
    const state = primed({ monitors: [api(undefined)] });
    const first = evaluatePoll(state, ok({ monitors: [api(5 * DAY + HOUR)] }), context());
    expect(titles(first.alerts)).toEqual(['The certificate of API expires in 5 days']);
    const next = evaluatePoll(first.state, ok({ monitors: [api(4 * DAY + HOUR, NOW + DAY)] }, NOW + DAY), context({ now: NOW + DAY }));
    expect(next.alerts).toEqual([]);
  });

  it('re-arm after a renewal (a later UTC day), remembering what was told of the older certificate', () => {
    const told = evaluatePoll(primed({ monitors: [api(90 * DAY)] }), ok({ monitors: [api(5 * DAY + HOUR)] }), context()).state;
    expect(evaluatePoll(told, ok({ monitors: [api(5 * DAY + 2 * HOUR)] }), context()).alerts).toEqual([]);
    const renewed = evaluatePoll(told, ok({ monitors: [api(90 * DAY)] }), context());
    expect(renewed.alerts).toEqual([]);
    expect(renewed.state.certificates).toEqual(told.certificates);
    expect(titles(evaluatePoll(renewed.state, ok({ monitors: [api(30 * DAY)] }), context()).alerts)).toEqual(['The certificate of API expires in 30 days']);
    expect(titles(evaluatePoll(told, ok({ monitors: [api(6 * DAY + HOUR)] }), context()).alerts)).toEqual(['The certificate of API expires in 6 days']);
  });

  it('tell once when two certificates take turns (a load balancer with one renewed backend)', () => {
    const steps = [5, 85, 5, 85, 5].map((days, index) => {
      const at = NOW + index * HOUR;
      return { outcome: ok({ monitors: [api(days * DAY + HOUR, at)] }, at) };
    });
    const { alerts } = pollAll(primed({ monitors: [api(90 * DAY)] }), steps);
    expect(alerts.map(titles)).toEqual([['The certificate of API expires in 5 days'], [], [], [], []]);
  });

  it('tell "expired" once when an ended certificate takes turns with its renewal, and forget the rest once the older end is past', () => {
    const ended = NOW - HOUR;
    const steps = [ended, NOW + 85 * DAY, ended, NOW + 85 * DAY, ended].map((end, index) => {
      const at = NOW + index * 2 * DAY;
      return { outcome: ok({ monitors: [api(end - at, at)] }, at) };
    });
    const { alerts, state } = pollAll(primed({ monitors: [api(90 * DAY)] }), steps);
    expect(alerts.map(titles)).toEqual([['The certificate of API has expired'], [], [], [], []]);
    expect(state.certificates).toEqual({ 'monitor:api': { threshold: -1, expiryDay: Math.floor(ended / DAY) } });
    const told = evaluatePoll(primed({ monitors: [api(90 * DAY)] }), ok({ monitors: [api(5 * DAY + HOUR)] }), context()).state;
    const at = (days: number) => NOW + days * DAY;
    const renewedBefore = evaluatePoll(told, ok({ monitors: [api(85 * DAY, at(6))] }, at(6)), context({ now: at(6) }));
    expect(renewedBefore.state.certificates).toEqual(told.certificates);
    const renewedAfter = evaluatePoll(told, ok({ monitors: [api(85 * DAY, at(7))] }, at(7)), context({ now: at(7) }));
    expect(renewedAfter.state.certificates).toEqual({});
  });

  it("follow the monitor's own expiry_days, else the defaults, not the domains' setting", () => {
    const custom = (endsIn: number) => api(endsIn, NOW, { tls: { expiry_days: [60, 3] } });
    const domainsOnly = context({ preferences: preferences({ thresholds: [90] }) });
    const state = evaluatePoll(primed({ monitors: [] }), ok({ monitors: [custom(100 * DAY)] }), domainsOnly).state;
    expect(titles(evaluatePoll(state, ok({ monitors: [custom(45 * DAY + HOUR)] }), domainsOnly).alerts)).toEqual(['The certificate of API expires in 45 days']);
    expect(evaluatePoll(state, ok({ monitors: [custom(20 * DAY)] }), domainsOnly).state.certificates).toEqual({ 'monitor:api': { threshold: 60, expiryDay: Math.floor((NOW + 20 * DAY) / DAY) } });
    expect(evaluatePoll(state, ok({ monitors: [api(45 * DAY)] }), domainsOnly).alerts).toEqual([]);
    expect(titles(evaluatePoll(state, ok({ monitors: [custom(2 * DAY + HOUR)] }), domainsOnly).alerts)).toEqual(['The certificate of API expires in 2 days']);
  });

  it('remember nothing of monitors without a certificate or far from every threshold, and forget one that loses it', () => {
    const monitors = Array.from({ length: 10_000 }, (_, index) => monitor(`m${index}`, 'up', index % 2 === 0 ? { certificate_expires_on: iso(NOW + 200 * DAY) } : {}));
    const events: ItemEvent[] = [];
    expect(certificateChanges(monitors, {}, NOW, events)).toEqual({});
    expect(events).toEqual([]);
    const told = evaluatePoll(primed({ monitors: [api(90 * DAY)] }), ok({ monitors: [api(5 * DAY)] }), context()).state;
    const lost = evaluatePoll(told, ok({ monitors: [api(undefined, NOW, { url: 'http://api.example.com/' })] }), context());
    expect(lost.alerts).toEqual([]);
    expect(lost.state.certificates).toEqual({});
  });

  it('judge an end by its text only past the largest threshold, in the service\'s form or any other, to the millisecond', () => {
    const at = (ms: number, form: (text: string) => string = (text) => text) => [monitor('m', 'up', { certificate_expires_on: form(iso(ms)), tls: { expiry_days: [10] } })];
    const told = (monitors: Monitor[]) => {
      const events: ItemEvent[] = [];
      certificateChanges(monitors, {}, NOW, events);
      return events.map((event) => ('daysLeft' in event ? event.daysLeft : undefined));
    };
    const offset = (text: string) => text.replace('Z', '+00:00');
    const secondsOnly = (text: string) => text.replace('.000Z', 'Z');
    for (const form of [undefined, offset, secondsOnly]) {
      expect(told(at(NOW + 11 * DAY, form))).toEqual([]);
      expect(told(at(NOW + 11 * DAY - (form === secondsOnly ? 1000 : 1), form))).toEqual([10]);
    }
    expect(told([monitor('m', 'up', { certificate_expires_on: iso(NOW + 31 * DAY - 1) })])).toEqual([30]);
    expect(told([monitor('m', 'up', { certificate_expires_on: iso(NOW + 31 * DAY) })])).toEqual([]);
    expect(told([monitor('m', 'up', { certificate_expires_on: '9999-99-99T99:99:99.999Z' })])).toEqual([]);
  });

  it('report a renewal only of a certificate with news owed or held, poll after poll while the older one is remembered', () => {
    const previous = { 'monitor:api': { threshold: 7, expiryDay: Math.floor((NOW + 5 * DAY) / DAY) } };
    const renewed: { key: string; name: string }[] = [];
    const memory = certificateChanges([api(85 * DAY)], previous, NOW, [], new Set(), renewed);
    expect([memory, renewed]).toEqual([previous, []]);
    certificateChanges([api(85 * DAY)], previous, NOW, [], new Set(['monitor:api']), renewed);
    expect(renewed).toEqual([{ key: 'monitor:api', name: 'API' }]);
  });

  it('judge two monitors with one key by the sooner end, whatever their order, without flipping', () => {
    const soon = api(5 * DAY + HOUR);
    const later = api(20 * DAY, NOW, { name: 'API (copy)' });
    const first = evaluatePoll(primed({ monitors: [] }), ok({ monitors: [later, soon] }), context());
    expect(titles(first.alerts)).toEqual(['The certificate of API expires in 5 days']);
    const swapped = evaluatePoll(first.state, ok({ monitors: [soon, later] }), context());
    expect(swapped.alerts).toEqual([]);
    expect(swapped.state.certificates).toEqual(first.state.certificates);
    expect(evaluatePoll(swapped.state, ok({ monitors: [later, soon] }), context()).alerts).toEqual([]);
  });

  it('are told beside the monitor going down, each on its own', () => {
    const state = primed({ monitors: [api(90 * DAY)] });
    const { alerts, state: after } = evaluatePoll(state, ok({ monitors: [api(-MINUTE, NOW, {}, 'down')] }), context());
    expect(alerts.map(({ kind, itemKey }) => [kind, itemKey])).toEqual([
      ['monitor-down', 'monitor:api'],
      ['certificate-expired', 'monitor:api'],
    ]);
    const up = evaluatePoll(after, ok({ monitors: [api(90 * DAY, NOW + HOUR)] }, NOW + HOUR), context({ now: NOW + HOUR }));
    expect(titles(up.alerts)).toEqual(['API is back up']);
    // The ended certificate stays remembered: a load balancer may show it again.
    expect(up.state.certificates).toEqual(after.certificates);
  });

  it('count in a summary as certificates', () => {
    const monitors = [api(3 * DAY), monitor('shop', 'up', { name: 'Shop', certificate_expires_on: iso(NOW - DAY) })];
    const [summary] = evaluatePoll(initialAlertState(), ok({ monitors }), context()).alerts;
    expect(summary).toMatchObject({ kind: 'summary', severity: 'critical', title: '2 problems: 1 certificate expired, 1 certificate expiring', body: 'Already so when Vigil began watching this server: Shop, API. · Work API' });
  });
});

describe("certificate alerts under the person's rules", () => {
  it('are dropped with the monitor snoozed, with the expiry topic off, or with its expiry turned off on the monitor', () => {
    const state = primed({ monitors: [api(90 * DAY)] });
    const expiring = ok({ monitors: [api(5 * DAY)] });
    const snoozed = evaluatePoll(state, expiring, context({ snoozes: [{ key: 'monitor:api', until: NOW + HOUR }] }));
    const topicOff = evaluatePoll(state, expiring, context({ preferences: preferences({ notify: { ...preferences().notify, domainExpiring: false } }) }));
    const kindOff = evaluatePoll(state, expiring, context({ rules: alertRules({ itemRules: new Map([['monitor:api', { tell: { expiry: false } }]]) }) }));
    expect([snoozed, topicOff, kindOff].map(({ alerts, suppressed }) => [alerts, suppressed.map(({ reason }) => reason)])).toEqual([
      [[], ['snoozed']],
      [[], ['topic-off']],
      [[], ['kind-off']],
    ]);
    // Told as dropped: nothing stays owed, and the memory still holds it, so it is not told later either.
    expect(kindOff.state.certificates).toEqual({ 'monitor:api': { threshold: 7, expiryDay: Math.floor((NOW + 5 * DAY) / DAY) } });
    const monitorOnly = context({ rules: alertRules({ itemRules: new Map([['monitor:api', { tell: { down: false } }]]) }) });
    expect(titles(evaluatePoll(state, expiring, monitorOnly).alerts)).toEqual(['The certificate of API expires in 5 days']);
  });

  it('are held during maintenance and told once after it, beside the monitor still down', () => {
    const run = new RulesRun(alertRules({ maintenance: [window(NOW, NOW + HOUR, 'monitor:api')] }));
    run.poll(ok({ monitors: [api(8 * DAY, NOW - MINUTE)] }, NOW - MINUTE));
    const ends = NOW + 7 * DAY + 2 * HOUR;
    const during = run.poll(ok({ monitors: [api(ends - NOW - MINUTE, NOW + MINUTE, {}, 'down')] }, NOW + MINUTE));
    expect(during.alerts).toEqual([]);
    expect(during.suppressed.map(({ alert, reason }) => [alert.kind, reason])).toEqual([
      ['monitor-down', 'maintenance'],
      ['certificate-expiring', 'maintenance'],
    ]);
    run.restart();
    expect(run.poll(ok({ monitors: [api(ends - NOW - 30 * MINUTE, NOW + 30 * MINUTE, {}, 'down')] }, NOW + 30 * MINUTE)).alerts).toEqual([]);
    const after = run.poll(ok({ monitors: [api(ends - NOW - HOUR, NOW + HOUR, {}, 'down')] }, NOW + HOUR));
    expect(after.alerts.map(({ title, itemKey }) => [title, itemKey])).toEqual([
      ['API is still down after maintenance', 'monitor:api'],
      ['The certificate of API expires in 7 days (after maintenance)', 'monitor:api'],
    ]);
    expect(after.alerts[1]?.includes).toEqual([during.suppressed[1]?.alert.id]);
    expect(run.poll(ok({ monitors: [api(ends - NOW - 2 * HOUR, NOW + 2 * HOUR, {}, 'down')] }, NOW + 2 * HOUR)).alerts).toEqual([]);
  });

  it('are told after a long maintenance with the days left as they then stand, as a domain is', () => {
    const run = new RulesRun(alertRules({ maintenance: [window(NOW, NOW + 3 * DAY, 'monitor:api'), window(NOW, NOW + 3 * DAY, 'domain:shop')] }), { preferences: preferences({ burstLimit: 5 }) });
    const ends = NOW + 7 * DAY + HOUR;
    const polled = (at: number) => ok({ monitors: [api(ends - at, at)], domains: [domain('shop', 7 - Math.floor(at / DAY) + Math.floor(NOW / DAY), at)] }, at);
    run.poll(ok({ monitors: [api(9 * DAY, NOW - MINUTE)], domains: [domain('shop', 9, NOW - MINUTE)] }, NOW - MINUTE));
    const during = run.poll(polled(NOW + MINUTE));
    expect(during.suppressed.map(({ alert }) => alert.title)).toEqual(['shop.example expires in 7 days', 'The certificate of API expires in 7 days']);
    // When each ends is kept across a restart.
    expect(restoreAlertState(JSON.parse(JSON.stringify(run.state))).owed).toEqual(run.state.owed);
    const after = run.poll(polled(NOW + 3 * DAY));
    expect(titles(after.alerts)).toEqual(['shop.example expires in 4 days (after maintenance)', 'The certificate of API expires in 4 days (after maintenance)']);
  });

  it('tell nothing after maintenance when the certificate was renewed during it', () => {
    const run = new RulesRun(alertRules({ maintenance: [window(NOW, NOW + HOUR, 'monitor:api')] }));
    run.poll(ok({ monitors: [api(8 * DAY, NOW - MINUTE)] }, NOW - MINUTE));
    run.poll(ok({ monitors: [api(7 * DAY, NOW + MINUTE)] }, NOW + MINUTE));
    run.poll(ok({ monitors: [api(90 * DAY, NOW + 2 * MINUTE)] }, NOW + 2 * MINUTE));
    expect(run.poll(ok({ monitors: [api(90 * DAY, NOW + HOUR)] }, NOW + HOUR)).alerts).toEqual([]);
    expect(tables(run.state).owed).toEqual({});
  });

  it('say in the summary after quiet hours that a certificate expiring during them was renewed', () => {
    const night = Date.UTC(2026, 10, 24, 23, 0);
    const run = new RulesRun(alertRules({ quietHours: nightly('Europe/Berlin', true) }));
    run.poll(ok({ monitors: [api(90 * DAY, night - MINUTE)] }, night - MINUTE));
    expect(run.poll(ok({ monitors: [api(5 * DAY, night + MINUTE)] }, night + MINUTE)).suppressed.map(({ reason }) => reason)).toEqual(['quiet']);
    run.poll(ok({ monitors: [api(90 * DAY, night + HOUR)] }, night + HOUR));
    const morning = Date.UTC(2026, 10, 25, 6, 0);
    const { alerts } = run.poll(ok({ monitors: [api(90 * DAY, morning)] }, morning));
    expect(alerts).toMatchObject([{ kind: 'summary', severity: 'info', body: 'The certificate of API was renewed. · Work API' }]);
  });

  it("wait for their monitor's own delay, not the default, when news of them waits for one", () => {
    const state = primed({ monitors: [api(90 * DAY)] });
    // A delay owed under the news key (as a state written by an older Vigil may hold) is timed by the monitor's rule.
    const owed = { about: { about: 'certificate' as const, key: 'monitor:api' }, reason: 'delay' as const, kind: 'certificate-expiring' as const, title: 'The certificate of API expires in 7 days', severity: 'warning' as const, name: 'API', toldBad: false, since: NOW - MINUTE, ids: ['earlier'] };
    const rules = alertRules({ delayMinutes: 0, itemRules: new Map([['monitor:api', { delayMinutes: 10 }]]) });
    const { alerts, state: after } = evaluatePoll({ ...state, owed: [owed] }, ok({ monitors: [api(5 * DAY + HOUR)] }), context({ rules }));
    expect(alerts).toEqual([]);
    expect(tables(after).owed['certificate:monitor:api']?.dueAt).toBe(NOW + 10 * MINUTE);
  });

  it('are held in quiet hours as a story of their own (an expiry does not break through), and summed up after', () => {
    const night = Date.UTC(2026, 10, 24, 23, 0);
    const run = new RulesRun(alertRules({ quietHours: nightly('Europe/Berlin', true) }));
    const ended = (at: number, status: string) => api(night - at, at, {}, status);
    run.poll(ok({ monitors: [api(90 * DAY, night - MINUTE)] }, night - MINUTE));
    const down = run.poll(ok({ monitors: [ended(night + MINUTE, 'down')] }, night + MINUTE));
    expect(down.alerts.map(({ kind }) => kind)).toEqual(['monitor-down']);
    expect(down.suppressed.map(({ alert, reason }) => [alert.kind, alert.severity, reason])).toEqual([['certificate-expired', 'critical', 'quiet']]);
    const morning = Date.UTC(2026, 10, 25, 6, 0);
    const { alerts } = run.poll(ok({ monitors: [ended(morning, 'down')] }, morning));
    expect(alerts).toMatchObject([{ kind: 'summary', severity: 'critical', body: 'The certificate of API has expired. · Work API' }]);
  });
});

describe('the certificates the alert state remembers', () => {
  it('restore from a state written before them: none told, and a poll tells what is due once', () => {
    const before = JSON.parse(JSON.stringify(primed({ monitors: [api(90 * DAY)] }))) as Record<string, unknown>;
    delete before.certificates;
    const restored = restoreAlertState(before);
    expect(restored.certificates).toEqual({});
    const first = evaluatePoll(restored, ok({ monitors: [api(5 * DAY)] }), context());
    expect(titles(first.alerts)).toEqual(['The certificate of API expires in 5 days']);
    expect(evaluatePoll(restoreAlertState(JSON.parse(JSON.stringify(first.state))), ok({ monitors: [api(5 * DAY)] }), context()).alerts).toEqual([]);
  });

  it('read back what is readable and drop the rest', () => {
    const restored = restoreAlertState({
      version: 2,
      certificates: { 'monitor:a': { threshold: 7, expiryDay: 20_000 }, 'monitor:b': { threshold: 'seven', expiryDay: 20_000 }, 'monitor:c': 3 },
    });
    expect(restored.certificates).toEqual({ 'monitor:a': { threshold: 7, expiryDay: 20_000 } });
    expect(restoreAlertState({ version: 2, certificates: [] }).certificates).toEqual({});
  });

  it('are kept in states made without them', () => {
    const { certificates: _, ...handMade } = initialAlertState();
    const state: AlertState = { ...restoreAlertState({ ...handMade, version: 2 }), primed: true };
    expect(titles(evaluatePoll(state, ok({ monitors: [api(5 * DAY)] }), context()).alerts)).toEqual(['The certificate of API expires in 5 days']);
  });
});
