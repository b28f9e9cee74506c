import { describe, expect, it } from 'vitest';
import { formatClockTime } from '../../../common/format/clock-time.ts';
import { evaluatePoll } from '../../../main/core/alerts/index.ts';
import { hostLocale } from '../../../main/core/app/host-locale.ts';
import { context, heartbeat, HOUR, iso, MINUTE, NOW, ok, pollAll, preferences, primed, tables } from './fixtures.ts';
import { alertRules, nightly, RulesRun } from './rules-fixtures.ts';

const lastPing = NOW - 30 * MINUTE;
/** A moment as the alert says it: a time of day to the second, in this computer's locale. */
const clock = (at: number, now: number) => formatClockTime(at, now, { locale: hostLocale(), seconds: true });
/** The heartbeat as the server shows it at any time after its last ping at `lastPing`. */
const pingedAt = (ping: number) => (at: number) => ok({ heartbeats: [heartbeat('h', at - ping, 3600, at)] }, at);

describe('heartbeat alerts', () => {
  it('tell once when a heartbeat is late, and not again when it goes on to miss a second ping', () => {
    const poll = pingedAt(lastPing);
    const state = primed({ heartbeats: [heartbeat('h', 30 * MINUTE)] });
    const late = lastPing + HOUR + 5 * MINUTE + 1;
    const { alerts } = pollAll(state, [{ outcome: poll(late) }, { outcome: poll(late + MINUTE) }, { outcome: poll(late + 2 * HOUR) }]);
    expect(alerts).toEqual([
      [
        expect.objectContaining({
          kind: 'heartbeat-late',
          severity: 'warning',
          title: 'Heartbeat h is late',
          body: `Last ping at ${clock(lastPing, late)}; expected every 1 h. · Work API`,
          itemKey: 'heartbeat:h',
        }),
      ],
      [],
      [],
    ]);
  });

  it('say "missed two pings" (critical) when first seen already down', () => {
    const state = primed({ heartbeats: [heartbeat('h', 30 * MINUTE)] });
    const { alerts } = evaluatePoll(state, ok({ heartbeats: [heartbeat('h', 3 * HOUR)] }), context());
    expect(alerts[0]).toMatchObject({ kind: 'heartbeat-late', severity: 'critical', title: 'Heartbeat h missed two pings' });
  });

  it('tell when a late heartbeat pings again', () => {
    const state = primed({ heartbeats: [heartbeat('h', 2 * HOUR)] });
    const { alerts } = pollAll(state, [{ outcome: ok({ heartbeats: [heartbeat('h', MINUTE, 3600, NOW + 10 * MINUTE)] }, NOW + 10 * MINUTE) }]);
    expect(alerts[0]).toEqual([
      expect.objectContaining({
        kind: 'heartbeat-recovered',
        severity: 'info',
        title: 'Heartbeat h is on time again',
        body: `Pinged at ${clock(NOW + 9 * MINUTE, NOW + 10 * MINUTE)}, after being late for 10 min. · Work API`,
      }),
    ]);
  });

  it('apply the grace from the preferences', () => {
    const state = primed({ heartbeats: [heartbeat('h', 30 * MINUTE)] });
    const outcome = ok({ heartbeats: [heartbeat('h', HOUR + 2 * MINUTE)] });
    expect(evaluatePoll(state, outcome, context()).alerts).toEqual([]);
    expect(evaluatePoll(state, outcome, context({ preferences: preferences({ heartbeatGraceSeconds: 60 }) })).alerts).toHaveLength(1);
  });

  it('time a never-pinged heartbeat from when Vigil first saw it, across polls', () => {
    const waiting = { heartbeats: [heartbeat('h', undefined)] };
    const state = primed(waiting);
    expect(tables(state).heartbeatsWaiting).toEqual({ 'heartbeat:h': NOW });
    const { alerts, state: after } = pollAll(state, [
      { outcome: ok(waiting, NOW + HOUR) },
      { outcome: ok(waiting, NOW + HOUR + 6 * MINUTE) },
      { outcome: ok(waiting, NOW + 3 * HOUR) },
    ]);
    expect(alerts[0]).toEqual([]);
    expect(alerts[1]).toEqual([
      expect.objectContaining({
        kind: 'heartbeat-late',
        title: 'Heartbeat h has not pinged yet',
        body: 'No ping in the 1 h 6 min Vigil has watched it; expected every 1 h. · Work API',
      }),
    ]);
    expect(alerts[2]).toEqual([]);
    expect(tables(after).heartbeatsWaiting).toEqual({ 'heartbeat:h': NOW });
  });

  it('forget the waiting start once the heartbeat has pinged', () => {
    const state = primed({ heartbeats: [heartbeat('h', undefined)] });
    const { state: after } = evaluatePoll(state, ok({ heartbeats: [heartbeat('h', MINUTE)] }), context());
    expect(tables(after).heartbeatsWaiting).toEqual({});
  });

  it('keep a late heartbeat late while its interval is missing, with no alert either way', () => {
    const state = primed({ heartbeats: [heartbeat('h', 3 * HOUR)] });
    const noInterval = ok({ heartbeats: [heartbeat('h', 3 * HOUR, 3600, NOW, { expected_interval: undefined })] });
    const { state: after, alerts } = evaluatePoll(state, noInterval, context());
    expect(alerts).toEqual([]);
    expect(tables(after).heartbeatsLate).toEqual(tables(state).heartbeatsLate);
  });
});

describe('a late job that starts (Vigil’s service’s runs, docs/api-decisions.md §16)', () => {
  it('stays late, told once, with no "on time again" when it merely starts', () => {
    const due = NOW + HOUR;
    const backup = (at: number, extra: Parameters<typeof heartbeat>[4] = {}) =>
      heartbeat('bk', at - (due - 24 * HOUR), 86_400, at, { name: 'Backup', schedule: '0 * * * *', next_expected_at: iso(due), max_runtime_seconds: 7200, ...extra });
    const state = primed({ heartbeats: [backup(NOW)] });
    const started = { last_start: iso(due + 90 * MINUTE) };
    const { alerts } = pollAll(state, [
      { outcome: ok({ heartbeats: [backup(due + HOUR)] }, due + HOUR) },
      { outcome: ok({ heartbeats: [backup(due + 91 * MINUTE, started)] }, due + 91 * MINUTE) },
      { outcome: ok({ heartbeats: [backup(due + 4 * HOUR, started)] }, due + 4 * HOUR) },
    ]);
    expect(alerts.map((poll) => poll.map(({ kind }) => kind))).toEqual([['heartbeat-late'], [], []]);
  });
});

describe('the words of a late heartbeat with Vigil’s service’s fields', () => {
  const due = NOW + HOUR;
  const backup = (at: number, extra: Parameters<typeof heartbeat>[4] = {}) =>
    heartbeat('bk', at - (due - 24 * HOUR), 86_400, at, { name: 'Backup', schedule: '30 2 * * *', next_expected_at: iso(due), max_runtime_seconds: 7200, ...extra });
  const lateAt = (at: number, extra: Parameters<typeof heartbeat>[4] = {}) =>
    evaluatePoll(primed({ heartbeats: [backup(NOW, extra)] }), ok({ heartbeats: [backup(at, extra)] }, at), context({ now: at })).alerts.map(({ title, body }) => [title, body]);

  it('say a run that outlived its limit ran too long, also a first run', () => {
    const started = due - 10 * MINUTE;
    const at = started + 2 * HOUR + 10 * MINUTE;
    expect(lateAt(at, { last_start: iso(started), last_end: iso(due - 24 * HOUR) })).toEqual([['Backup ran too long', 'Running for 2 h 10 min, limit 2 h. · Work API']]);
    const first = (when: number) => {
      const { last_ping: _ping, ...never } = backup(when, { last_start: iso(started) });
      return never;
    };
    const { alerts } = evaluatePoll(primed({ heartbeats: [first(NOW)] }), ok({ heartbeats: [first(at)] }, at), context({ now: at }));
    expect(alerts.map(({ title, body }) => [title, body])).toEqual([['Backup ran too long', 'Running for 2 h 10 min, limit 2 h. · Work API']]);
  });

  it('say a cron heartbeat’s schedule, not its longest gap', () => {
    expect(lateAt(due + HOUR)).toEqual([['Backup is late', `Last ping at ${clock(due - 24 * HOUR, due + HOUR)}; on schedule 30 2 * * *. · Work API`]]);
  });
});

describe('failed heartbeats (Vigil’s service’s last_outcome, docs/api-decisions.md §16)', () => {
  const backup = (at: number, extra: Parameters<typeof heartbeat>[4] = {}) => heartbeat('bk', 10 * MINUTE, 3600, at, { name: 'Backup', ...extra });
  /** A run that failed a minute before `at`; the last success stays 10 min before NOW. */
  const failedRun = (at: number, code?: number) =>
    backup(NOW, { last_outcome: 'failed', last_end: iso(at - MINUTE), ...(code === undefined ? {} : { last_exit_code: code }) });
  /** Succeeded at `pingedAt` (unseen by Vigil), then found at `at`, late, or failed again with `code`. */
  const afterUnseenSuccess = (pingedAt: number, at: number, code?: number) =>
    heartbeat('bk', at - pingedAt, 3600, at, {
      name: 'Backup',
      last_end: iso(code === undefined ? pingedAt : at - MINUTE),
      ...(code === undefined ? { last_outcome: 'success' } : { last_outcome: 'failed', last_exit_code: code }),
    });

  it('tell a failure at once, critical, and once however many polls (and failures) follow', () => {
    const state = primed({ heartbeats: [backup(NOW)] });
    const { alerts, state: after } = pollAll(state, [
      { outcome: ok({ heartbeats: [failedRun(NOW + MINUTE, 2)] }, NOW + MINUTE) },
      { outcome: ok({ heartbeats: [failedRun(NOW + 2 * MINUTE, 2)] }, NOW + 2 * MINUTE) },
      { outcome: ok({ heartbeats: [failedRun(NOW + HOUR, 3)] }, NOW + HOUR) },
    ]);
    expect(alerts).toEqual([
      [
        expect.objectContaining({
          kind: 'heartbeat-failed',
          severity: 'critical',
          title: 'Backup failed (exit code 2)',
          body: `Its latest run ended at ${clock(NOW, NOW + MINUTE)} with exit code 2. · Work API`,
          itemKey: 'heartbeat:bk',
        }),
      ],
      [],
      [],
    ]);
    expect(tables(after).heartbeatsFailed).toEqual({ 'heartbeat:bk': NOW + MINUTE });
    expect(tables(after).heartbeatsLate).toEqual({ 'heartbeat:bk': NOW + MINUTE });
  });

  it('tell a heartbeat late after a success Vigil did not see, and its next failure', () => {
    const failedState = evaluatePoll(primed({ heartbeats: [backup(NOW)] }), ok({ heartbeats: [failedRun(NOW + MINUTE, 2)] }, NOW + MINUTE), context()).state;
    const pingedAt = NOW + 10 * MINUTE;
    const lateAt = pingedAt + HOUR + 6 * MINUTE;
    const { alerts, state: after } = pollAll(failedState, [
      { outcome: ok({ heartbeats: [afterUnseenSuccess(pingedAt, lateAt)] }, lateAt) },
      { outcome: ok({ heartbeats: [afterUnseenSuccess(pingedAt, lateAt + 20 * MINUTE, 3)] }, lateAt + 20 * MINUTE) },
    ]);
    expect(alerts.map((poll) => poll.map(({ kind, title, body }) => [kind, title, body]))).toEqual([
      [['heartbeat-late', 'Backup is late', `Last ping at ${clock(pingedAt, lateAt)}; expected every 1 h. · Work API`]],
      [['heartbeat-failed', 'Backup failed (exit code 3)', `Its latest run ended at ${clock(lateAt + 19 * MINUTE, lateAt + 20 * MINUTE)} with exit code 3. · Work API`]],
    ]);
    expect(tables(after).heartbeatsFailed).toEqual({ 'heartbeat:bk': lateAt + 20 * MINUTE });
    expect(tables(after).heartbeatsLate).toEqual({ 'heartbeat:bk': lateAt });
  });

  it('tell a second failure when a success Vigil did not see came between, and not the same failure twice', () => {
    const failedState = evaluatePoll(primed({ heartbeats: [backup(NOW)] }), ok({ heartbeats: [failedRun(NOW + MINUTE, 2)] }, NOW + MINUTE), context()).state;
    const pingedAt = NOW + HOUR;
    const again = NOW + 2 * HOUR;
    const { alerts, state: after } = pollAll(failedState, [
      { outcome: ok({ heartbeats: [afterUnseenSuccess(pingedAt, again, 3)] }, again) },
      { outcome: ok({ heartbeats: [afterUnseenSuccess(pingedAt, again + MINUTE, 3)] }, again + MINUTE) },
    ]);
    expect(alerts.map((poll) => poll.map(({ kind, title }) => [kind, title]))).toEqual([[['heartbeat-failed', 'Backup failed (exit code 3)']], []]);
    expect(tables(after)).toMatchObject({ heartbeatsFailed: { 'heartbeat:bk': again }, heartbeatsLate: { 'heartbeat:bk': again } });
  });

  it('not take a last success ahead of Vigil’s clock (a server clock ahead) for a new one', () => {
    const pingedAt = NOW + 2 * MINUTE;
    const failing = (at: number) => afterUnseenSuccess(pingedAt, at, 2);
    const state = evaluatePoll(primed({ heartbeats: [backup(NOW)] }), ok({ heartbeats: [failing(NOW + MINUTE)] }, NOW + MINUTE), context()).state;
    expect(tables(state).heartbeatsFailed).toEqual({ 'heartbeat:bk': pingedAt });
    const { alerts } = pollAll(state, [{ outcome: ok({ heartbeats: [failing(NOW + 2 * MINUTE)] }, NOW + 2 * MINUTE) }, { outcome: ok({ heartbeats: [failing(NOW + 3 * MINUTE)] }, NOW + 3 * MINUTE) }]);
    expect(alerts).toEqual([[], []]);
  });

  it('say a failure without an exit code plainly', () => {
    const { alerts } = evaluatePoll(primed({ heartbeats: [backup(NOW)] }), ok({ heartbeats: [failedRun(NOW)] }), context());
    expect(alerts[0]).toMatchObject({ title: 'Backup failed', body: `Its latest run ended at ${clock(NOW - MINUTE, NOW)} reporting a failure. · Work API` });
  });

  it('tell a failure of a heartbeat already late, critical, once', () => {
    const state = primed({ heartbeats: [heartbeat('bk', 2 * HOUR, 3600, NOW, { name: 'Backup' })] });
    expect(tables(state).heartbeatsLate).toEqual({ 'heartbeat:bk': NOW });
    const failing = (at: number) => heartbeat('bk', 2 * HOUR, 3600, at, { name: 'Backup', last_outcome: 'failed', last_exit_code: 2, last_end: iso(at) });
    const { alerts, state: after } = pollAll(state, [
      { outcome: ok({ heartbeats: [failing(NOW + MINUTE)] }, NOW + MINUTE) },
      { outcome: ok({ heartbeats: [failing(NOW + 2 * MINUTE)] }, NOW + 2 * MINUTE) },
    ]);
    expect(alerts.map((poll) => poll.map(({ kind, severity, title }) => [kind, severity, title]))).toEqual([[['heartbeat-failed', 'critical', 'Backup failed (exit code 2)']], []]);
    expect(tables(after).heartbeatsLate).toEqual({ 'heartbeat:bk': NOW });
  });

  it('tell the success after a failure once, saying it succeeded after failing', () => {
    const state = evaluatePoll(primed({ heartbeats: [backup(NOW)] }), ok({ heartbeats: [failedRun(NOW, 2)] }), context()).state;
    const succeeded = (at: number) => heartbeat('bk', MINUTE, 3600, at, { name: 'Backup', last_outcome: 'success', last_end: iso(at - MINUTE) });
    const { alerts, state: after } = pollAll(state, [
      { outcome: ok({ heartbeats: [succeeded(NOW + 2 * HOUR)] }, NOW + 2 * HOUR) },
      { outcome: ok({ heartbeats: [succeeded(NOW + 2 * HOUR + MINUTE)] }, NOW + 2 * HOUR + MINUTE) },
    ]);
    expect(alerts).toEqual([
      [
        expect.objectContaining({
          kind: 'heartbeat-recovered',
          severity: 'info',
          title: 'Backup recovered: succeeded after failing',
          body: `Pinged at ${clock(NOW + 2 * HOUR - MINUTE, NOW + 2 * HOUR)}, after failing for 2 h. · Work API`,
        }),
      ],
      [],
    ]);
    expect(tables(after)).toMatchObject({ heartbeatsLate: {}, heartbeatsFailed: {} });
  });

  it('let a failure through quiet hours when critical problems break through, and hold it otherwise', () => {
    const night = Date.UTC(2026, 10, 24, 23, 0);
    for (const breaksThrough of [true, false]) {
      const run = new RulesRun(alertRules({ quietHours: nightly('Europe/Berlin', breaksThrough) }));
      run.poll(ok({ heartbeats: [backup(night)] }, night));
      const poll = run.poll(ok({ heartbeats: [failedRun(night + MINUTE, 2)] }, night + MINUTE));
      expect(poll.alerts.map(({ kind }) => kind)).toEqual(breaksThrough ? ['heartbeat-failed'] : []);
      expect(poll.suppressed.map(({ reason }) => reason)).toEqual(breaksThrough ? [] : ['quiet']);
    }
  });

  it('count a failure as the heartbeat’s "goes down" news: an item that turned that off is not told', () => {
    const run = new RulesRun(alertRules({ itemRules: new Map([['heartbeat:bk', { tell: { down: false } }]]) }));
    run.poll(ok({ heartbeats: [backup(NOW)] }, NOW));
    const poll = run.poll(ok({ heartbeats: [failedRun(NOW + MINUTE, 2)] }, NOW + MINUTE));
    expect(poll.alerts).toEqual([]);
    expect(poll.suppressed.map(({ alert, reason }) => [alert.kind, reason])).toEqual([['heartbeat-failed', 'kind-off']]);
  });
});
