import { describe, expect, it } from 'vitest';
import { failed, heartbeat, HOUR, MINUTE, monitor, ok, preferences, tables } from './fixtures.ts';
import { alertRules, nightly, RulesRun } from './rules-fixtures.ts';

const api = (status: string) => monitor('api', status, { name: 'API' });
const backup = (agoMs: number, at: number) => heartbeat('bk', agoMs, 3600, at, { name: 'Backup' });

describe('quiet hours', () => {
  it('hold news and tell it in ONE summary at the first poll after they end: what happened and what is still wrong', () => {
    const evening = Date.UTC(2026, 10, 24, 20, 0); // 21:00 in Berlin
    const run = new RulesRun(alertRules({ quietHours: nightly('Europe/Berlin') }));
    run.poll(ok({ monitors: [api('up')], heartbeats: [backup(10 * MINUTE, evening)] }, evening));
    const night = Date.UTC(2026, 10, 24, 23, 0);
    const down = run.poll(ok({ monitors: [api('down')], heartbeats: [backup(10 * MINUTE, night)] }, night));
    expect(down.alerts).toEqual([]);
    expect(down.suppressed.map(({ reason }) => reason)).toEqual(['quiet']);
    const later = night + 14 * MINUTE;
    const recovered = run.poll(ok({ monitors: [api('up')], heartbeats: [backup(70 * MINUTE, later)] }, later));
    expect(recovered.alerts).toEqual([]);
    expect(recovered.suppressed.map(({ reason }) => reason)).toEqual(['quiet', 'quiet']);
    const stillNight = Date.UTC(2026, 10, 25, 5, 59); // 06:59 in Berlin
    expect(run.poll(ok({ monitors: [api('up')], heartbeats: [backup(70 * MINUTE, stillNight)] }, stillNight)).alerts).toEqual([]);
    const morning = Date.UTC(2026, 10, 25, 6, 0); // 07:00
    const { alerts } = run.poll(ok({ monitors: [api('up')], heartbeats: [backup(70 * MINUTE, morning)] }, morning));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ kind: 'summary', title: 'While quiet: 1 still wrong, 1 resolved', covers: 3, body: 'Backup is late; API was down 14 min, recovered. · Work API' });
    // When it happened is said once, in the title: the notification shows the body under it.
    expect(alerts[0]?.body).not.toContain('While quiet');
    expect(new Set(alerts[0]?.includes)).toEqual(new Set([...down.suppressed, ...recovered.suppressed].map(({ alert }) => alert.id)));
    // Told once: the next morning poll tells nothing, and the held news is gone from the state.
    expect(run.poll(ok({ monitors: [api('up')], heartbeats: [backup(70 * MINUTE, morning + MINUTE)] }, morning + MINUTE)).alerts).toEqual([]);
    expect(tables(run.state).held).toEqual({});
  });

  it('let a monitor down through at once when critical breaks through, and do not repeat it in the summary', () => {
    const night = Date.UTC(2026, 10, 24, 23, 0);
    const run = new RulesRun(alertRules({ quietHours: nightly('Europe/Berlin', true) }));
    run.poll(ok({ monitors: [api('up')], heartbeats: [backup(10 * MINUTE, night)] }, night));
    const down = run.poll(ok({ monitors: [api('down')], heartbeats: [backup(70 * MINUTE, night + MINUTE)] }, night + MINUTE));
    expect(down.alerts.map(({ kind }) => kind)).toEqual(['monitor-down']);
    expect(down.suppressed.map(({ alert, reason }) => [alert.kind, reason])).toEqual([['heartbeat-late', 'quiet']]);
    const morning = Date.UTC(2026, 10, 25, 6, 0);
    const { alerts } = run.poll(ok({ monitors: [api('down')], heartbeats: [backup(70 * MINUTE, morning)] }, morning));
    expect(alerts.map(({ body }) => body)).toEqual(['Backup is late. · Work API']);
  });

  it('survive a restart in the middle of the night: nothing told twice, nothing lost', () => {
    const night = Date.UTC(2026, 10, 24, 23, 0);
    const run = new RulesRun(alertRules({ quietHours: nightly('Europe/Berlin') }));
    run.poll(ok({ monitors: [api('up')] }, night));
    run.poll(ok({ monitors: [api('down')] }, night + MINUTE));
    run.restart();
    expect(run.poll(ok({ monitors: [api('down')] }, night + 2 * MINUTE)).alerts).toEqual([]);
    run.restart();
    const { alerts } = run.poll(ok({ monitors: [api('down')] }, Date.UTC(2026, 10, 25, 6, 0)));
    expect(alerts.map(({ body }) => body)).toEqual(['API is down. · Work API']);
  });

  it("hold the connection's own news too", () => {
    const night = Date.UTC(2026, 10, 24, 23, 0);
    const run = new RulesRun(alertRules({ quietHours: nightly('UTC') }), { preferences: preferences({ unreachableAfterPolls: 1 }) });
    run.poll(ok({ monitors: [api('up')] }, night));
    const lost = run.poll(failed('unreachable', night + MINUTE));
    expect(lost.alerts).toEqual([]);
    expect(lost.suppressed.map(({ alert, reason }) => [alert.kind, reason])).toEqual([['connection-lost', 'quiet']]);
    const { alerts } = run.poll(failed('unreachable', Date.UTC(2026, 10, 25, 7, 0)));
    expect(alerts.map(({ body }) => body)).toEqual(["Can't reach Work API. · Work API"]);
  });

  it('are silenced by a pause in force when they end: nothing is replayed after it', () => {
    const night = Date.UTC(2026, 10, 24, 23, 0);
    const run = new RulesRun(alertRules({ quietHours: nightly('UTC') }));
    run.poll(ok({ monitors: [api('up')] }, night));
    run.poll(ok({ monitors: [api('down')] }, night + MINUTE));
    const morning = Date.UTC(2026, 10, 25, 7, 0);
    const paused = run.poll(ok({ monitors: [api('down')] }, morning), { pausedUntil: morning + HOUR });
    expect(paused.alerts).toEqual([]);
    // Listed as dropped by the pause: the summary it would have been, standing for what was held.
    expect(paused.suppressed).toMatchObject([{ reason: 'paused', alert: { kind: 'summary', includes: run.polls[1]?.suppressed.map(({ alert }) => alert.id) } }]);
    expect(run.poll(ok({ monitors: [api('down')] }, morning + 2 * HOUR)).alerts).toEqual([]);
  });

  it('keep at most 1,000 items and count the rest', () => {
    const night = Date.UTC(2026, 10, 24, 23, 0);
    const many = (status: string) => Array.from({ length: 1_005 }, (_, index) => monitor(`m${index}`, status));
    const run = new RulesRun(alertRules({ quietHours: nightly('UTC') }));
    run.poll(ok({ monitors: many('up') }, night));
    run.poll(ok({ monitors: many('down') }, night + MINUTE));
    expect(Object.keys(run.state.held)).toHaveLength(1_000);
    expect(run.state.heldUncounted).toBe(5);
    const { alerts } = run.poll(ok({ monitors: many('down') }, Date.UTC(2026, 10, 25, 7, 0)));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.covers).toBe(1_005);
    expect(alerts[0]?.body).toContain('and 995 more items; and 5 more changes not kept');
  });

  // The nights of both daylight-saving changes in two zones: quiet ends at 07:00 local, a different UTC hour
  // from the evening's offset. Each case: [zone, a moment inside the night, the last quiet minute, 07:00 local].
  const nights: [string, string, number, number, number][] = [
    ['Europe/Berlin', 'spring forward', Date.UTC(2026, 2, 28, 23, 0), Date.UTC(2026, 2, 29, 4, 59), Date.UTC(2026, 2, 29, 5, 0)],
    ['Europe/Berlin', 'fall back', Date.UTC(2026, 9, 24, 23, 0), Date.UTC(2026, 9, 25, 5, 59), Date.UTC(2026, 9, 25, 6, 0)],
    ['America/New_York', 'spring forward', Date.UTC(2026, 2, 8, 4, 0), Date.UTC(2026, 2, 8, 10, 59), Date.UTC(2026, 2, 8, 11, 0)],
    ['America/New_York', 'fall back', Date.UTC(2026, 10, 1, 4, 0), Date.UTC(2026, 10, 1, 11, 59), Date.UTC(2026, 10, 1, 12, 0)],
  ];
  for (const [timeZone, change, inside, lastQuiet, end] of nights) {
    it(`end at 07:00 local in ${timeZone} on the night it will ${change}`, () => {
      const run = new RulesRun(alertRules({ quietHours: nightly(timeZone) }));
      run.poll(ok({ monitors: [api('up')] }, inside - HOUR));
      expect(run.poll(ok({ monitors: [api('down')] }, inside)).alerts).toEqual([]);
      expect(run.poll(ok({ monitors: [api('down')] }, lastQuiet)).alerts).toEqual([]);
      expect(run.poll(ok({ monitors: [api('down')] }, end)).alerts.map(({ body }) => body)).toEqual(['API is down. · Work API']);
    });
  }
});
