import { describe, expect, it } from 'vitest';
import { evaluatePoll, tokenReplaced } from '../../../main/core/alerts/index.ts';
import { context, DAY, failed, HOUR, MINUTE, monitor, NOW, ok, pollAll, preferences, primed, tables } from './fixtures.ts';

const up = { monitors: [monitor('a', 'up'), monitor('b', 'up')] };
const allDown = { monitors: [monitor('a', 'down'), monitor('b', 'down')] };
const kinds = (alerts: { kind: string }[][]) => alerts.map((poll) => poll.map((alert) => alert.kind));

describe('an unreachable API', () => {
  it('is told once, after 3 failed polls in a row, and once when it answers again', () => {
    const { alerts } = pollAll(primed(up), [
      { outcome: failed('unreachable', NOW + MINUTE) },
      { outcome: failed('timeout', NOW + 2 * MINUTE) },
      { outcome: failed('server-error', NOW + 3 * MINUTE, 'The server answered 503.') },
      { outcome: failed('unreachable', NOW + 4 * MINUTE) },
      { outcome: ok(up, NOW + 5 * MINUTE) },
      { outcome: ok(up, NOW + 6 * MINUTE) },
    ]);
    expect(kinds(alerts)).toEqual([[], [], ['connection-lost'], [], ['connection-restored'], []]);
    expect(alerts[2]?.[0]).toEqual({
      id: `conn-1|connection-lost||${NOW + 3 * MINUTE}`,
      kind: 'connection-lost',
      severity: 'warning',
      title: "Can't reach Work API",
      body: 'The server answered 503. (3 checks in a row failed.) Vigil keeps trying; the tray shows the last known state.',
      connectionId: 'conn-1',
    });
    expect(alerts[4]?.[0]).toMatchObject({ severity: 'info', title: 'Work API is reachable again' });
  });

  it('is not told when a success comes between failures', () => {
    const { alerts } = pollAll(primed(up), [
      { outcome: failed('unreachable') },
      { outcome: failed('unreachable') },
      { outcome: ok(up) },
      { outcome: failed('unreachable') },
      { outcome: failed('unreachable') },
    ]);
    expect(kinds(alerts).flat()).toEqual([]);
  });

  it('freezes items: no alert per monitor while unreachable, only real changes once back', () => {
    const { alerts, state } = pollAll(primed(up), [
      { outcome: failed('unreachable') },
      { outcome: failed('unreachable') },
      { outcome: failed('unreachable') },
      { outcome: ok({ monitors: [monitor('a', 'down'), monitor('b', 'up')] }) },
    ]);
    expect(kinds(alerts)).toEqual([[], [], ['connection-lost'], ['connection-restored', 'monitor-down']]);
    expect(tables(state).monitorsDown).toEqual({ 'monitor:a': NOW });
  });

  it('keeps item memory untouched by failed polls', () => {
    const state = primed(allDown);
    const after = evaluatePoll(state, failed('timeout'), context()).state;
    expect(after.monitors).toBe(state.monitors);
  });

  it('counts a server that answers wrongly (HTML, 404) toward "can\'t reach"', () => {
    const { alerts } = pollAll(primed(up), [{ outcome: failed('protocol-error') }, { outcome: failed('not-found') }, { outcome: failed('forbidden') }]);
    expect(kinds(alerts)).toEqual([[], [], ['connection-lost']]);
  });

  it('does not count rate limiting or a cancelled poll', () => {
    const steps = Array.from({ length: 5 }, (_, index) => ({ outcome: failed(index % 2 === 0 ? 'rate-limited' : 'cancelled') }));
    const { alerts, state } = pollAll(primed(up), steps);
    expect(kinds(alerts).flat()).toEqual([]);
    expect(state.connection.failedPolls).toBe(0);
  });

  it('follows unreachableAfterPolls', () => {
    const { alerts } = evaluatePoll(primed(up), failed('unreachable'), context({ preferences: preferences({ unreachableAfterPolls: 1 }) }));
    expect(alerts.map((alert) => alert.kind)).toEqual(['connection-lost']);
  });
});

describe('a rejected token (401)', () => {
  it('asks to sign in again once, marks the state so the caller stops polling, and clears on success', () => {
    const { alerts, state } = pollAll(primed(up), [{ outcome: failed('unauthorized') }, { outcome: failed('unauthorized') }]);
    expect(kinds(alerts)).toEqual([['sign-in-again'], []]);
    expect(alerts[0]?.[0]).toMatchObject({ severity: 'warning', title: 'Sign in to Work API again' });
    expect(state.connection.auth).toBe('rejected');
    const back = evaluatePoll(state, ok(up), context());
    expect(back.alerts).toEqual([]);
    expect(back.state.connection.auth).toBe('ok');
    expect(evaluatePoll(back.state, failed('unauthorized'), context()).alerts.map((alert) => alert.kind)).toEqual(['sign-in-again']);
  });

  it('is news again after the token is replaced', () => {
    const rejected = evaluatePoll(primed(up), failed('unauthorized'), context()).state;
    const replaced = tokenReplaced(rejected);
    expect(replaced.connection.auth).toBe('ok');
    expect(evaluatePoll(replaced, failed('unauthorized'), context()).alerts.map((alert) => alert.kind)).toEqual(['sign-in-again']);
  });

  it('ends "can\'t reach" silently: the server is there, and sign-in says what to do', () => {
    const { alerts, state } = pollAll(primed(up), [
      { outcome: failed('unreachable') },
      { outcome: failed('unreachable') },
      { outcome: failed('unreachable') },
      { outcome: failed('unauthorized') },
      { outcome: ok(up) },
    ]);
    expect(kinds(alerts)).toEqual([[], [], ['connection-lost'], ['sign-in-again'], []]);
    expect(state.connection).toMatchObject({ reachability: 'ok', auth: 'ok', failedPolls: 0 });
  });
});

describe('a token about to expire', () => {
  it('warns once per expiry value, within tokenWarningDays', () => {
    const expiresAt = NOW + 2 * DAY + 5 * HOUR;
    const { alerts } = pollAll(primed(up), [
      { outcome: ok(up), context: { tokenExpiresAt: expiresAt } },
      { outcome: ok(up), context: { tokenExpiresAt: expiresAt } },
      { outcome: failed('unreachable'), context: { tokenExpiresAt: expiresAt } },
      { outcome: ok(up), context: { tokenExpiresAt: expiresAt + 30 * DAY } },
      { outcome: ok(up), context: { tokenExpiresAt: NOW + HOUR } },
    ]);
    expect(kinds(alerts)).toEqual([['token-expiring'], [], [], [], ['token-expiring']]);
    expect(alerts[0]?.[0]).toMatchObject({
      severity: 'warning',
      title: 'Your sign-in to Work API expires in 2 d 5 h',
      body: 'Sign in again (or use a new token) to keep Vigil watching.',
    });
  });

  it('is not warned about outside the window', () => {
    expect(evaluatePoll(primed(up), ok(up), context({ tokenExpiresAt: NOW + 4 * DAY })).alerts).toEqual([]);
    const week = context({ tokenExpiresAt: NOW + 4 * DAY, preferences: preferences({ tokenWarningDays: 7 }) });
    expect(evaluatePoll(primed(up), ok(up), week).alerts.map((alert) => alert.kind)).toEqual(['token-expiring']);
  });

  it('says so when the token has already expired', () => {
    const { alerts } = evaluatePoll(primed(up), ok(up), context({ tokenExpiresAt: NOW - MINUTE }));
    expect(alerts[0]?.title).toBe('Your sign-in to Work API has expired');
  });

  it('is not warned about on top of a rejected token', () => {
    const { alerts } = evaluatePoll(primed(up), failed('unauthorized'), context({ tokenExpiresAt: NOW - MINUTE }));
    expect(alerts.map((alert) => alert.kind)).toEqual(['sign-in-again']);
  });
});
