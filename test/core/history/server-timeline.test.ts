// Timelines from a server's history: where it checked a monitor, in the states its events give; a heartbeat's
// on-time, late and down stretches from its pings; both gaps where the service says it was not running.
import { describe, expect, it } from 'vitest';
import { heartbeatPingTimeline, monitorServerTimeline, serviceStops } from '../../../main/core/history/server-timeline.ts';

const H = 3_600_000;
const T0 = Date.UTC(2026, 10, 20);
const iso = (ms: number) => new Date(T0 + ms).toISOString();

describe('monitorServerTimeline', () => {
  it("follows the events where the series shows checks, joining buckets a 5-minute check leaves empty; elsewhere a gap", () => {
    // 1-minute buckets, a check every 5 minutes from 2 h to 6 h.
    const points = Array.from({ length: 48 }, (_, i) => ({ at: iso(2 * H + i * 5 * 60_000), checks: 1, failed: 0 }));
    const events = [{ at: iso(3 * H), kind: 'monitor', from: 'up', to: 'down', detail: 'connection refused' }, { at: iso(4 * H), kind: 'monitor', from: 'down', to: 'up' }];
    const { segments, historyStart } = monitorServerTimeline({ series: { step_seconds: 60, points }, events, serviceEvents: [], currentStatus: 'up', frequencySeconds: 300, from: T0, to: T0 + 8 * H });
    expect(historyStart).toBe(T0 + 2 * H);
    const hours = (ms: number) => Math.round(((ms - T0) / H) * 100) / 100;
    expect(segments.map((s) => [hours(s.from), hours(s.to), s.state, s.detail])).toEqual([
      [0, 2, 'not watching', undefined],
      [2, 3, 'up', undefined],
      [3, 4, 'down', 'connection refused'],
      [4, 5.93, 'up', undefined],
      [5.93, 8, 'not watching', undefined],
    ]);
  });

  it('runs to now when the last check is recent, in the current status when nothing changed', () => {
    const points = [{ at: iso(7 * H + 59 * 60_000), checks: 1 }];
    const { segments } = monitorServerTimeline({ series: { step_seconds: 60, points }, events: [], serviceEvents: [], currentStatus: 'down', frequencySeconds: 60, from: T0 + 7 * H, to: T0 + 8 * H });
    expect(segments.at(-1)).toMatchObject({ to: T0 + 8 * H, state: 'down', health: 'critical' });
  });

  it("leaves a certificate's news out of the monitor's status", () => {
    const points = Array.from({ length: 24 }, (_, i) => ({ at: iso(i * H), checks: 60, failed: 0 }));
    const events = [{ at: iso(12 * H), kind: 'monitor', from: 'ok', to: 'expiring', detail: 'certificate ends 2026-11-27 12:00 UTC, in 7 days' }];
    const { segments } = monitorServerTimeline({ series: { step_seconds: 3600, points }, events, serviceEvents: [], currentStatus: 'up', frequencySeconds: 60, from: T0, to: T0 + 24 * H });
    expect(segments.map((segment) => segment.state)).toEqual(['up']);
  });

  it('is all gap without a step to read the series by', () => {
    expect(monitorServerTimeline({ series: { step_seconds: undefined, points: [] }, events: [], serviceEvents: [], currentStatus: 'up', frequencySeconds: 60, from: 0, to: H }).segments).toEqual([
      { from: 0, to: H, health: 'gap', state: 'not watching' },
    ]);
  });
});

describe('heartbeatPingTimeline', () => {
  it('is on time up to interval plus grace after each ping, then late, then down after another interval', () => {
    const pings = [T0 + 5 * H, T0 + H];
    const { segments, historyStart } = heartbeatPingTimeline({ pings, intervalSeconds: 3600, graceSeconds: 300, events: [], serviceEvents: [], from: T0, to: T0 + 8 * H });
    expect(historyStart).toBe(T0 + H);
    const grace = 5 * 60_000;
    expect(segments.map((s) => [s.from - T0, s.to - T0, s.state])).toEqual([
      [0, H, 'not watching'],
      [H, 2 * H + grace, 'up'],
      [2 * H + grace, 3 * H + grace, 'late'],
      [3 * H + grace, 5 * H, 'down'],
      [5 * H, 6 * H + grace, 'up'],
      [6 * H + grace, 7 * H + grace, 'late'],
      [7 * H + grace, 8 * H, 'down'],
    ]);
  });

  it('is failed (critical) from a failure its events tell until the next ping, a second failure meanwhile adding nothing', () => {
    const failed = (at: number) => ({ at: iso(at), kind: 'heartbeat', from: 'up', to: 'failed', detail: 'exit code 2' });
    const events = [failed(2 * H), failed(3 * H), { at: iso(5 * H), kind: 'heartbeat', from: 'failed', to: 'up' }, failed(7 * H)];
    const pings = [T0 + H, T0 + 5 * H];
    const { segments } = heartbeatPingTimeline({ pings, intervalSeconds: 86_400, graceSeconds: 300, events, serviceEvents: [], from: T0, to: T0 + 8 * H });
    expect(segments.map((s) => [s.from - T0, s.to - T0, s.state, s.health])).toEqual([
      [0, H, 'not watching', 'gap'],
      [H, 2 * H, 'up', 'ok'],
      [2 * H, 5 * H, 'failed', 'critical'],
      [5 * H, 7 * H, 'up', 'ok'],
      [7 * H, 8 * H, 'failed', 'critical'],
    ]);
  });
});

describe('the service not running', () => {
  const stop = (at: number) => ({ at: iso(at), kind: 'service', from: 'started', to: 'stopped' });
  const start = (at: number) => ({ at: iso(at), kind: 'service', from: 'stopped', to: 'started' });

  it('is found from stopped to started, from the window start to a first start, and from a last stop to the end', () => {
    expect(serviceStops([start(2 * H), stop(5 * H), start(6 * H), stop(7 * H)], T0, T0 + 8 * H)).toEqual([
      { from: T0, to: T0 + 2 * H },
      { from: T0 + 5 * H, to: T0 + 6 * H },
      { from: T0 + 7 * H, to: T0 + 8 * H },
    ]);
    expect(serviceStops([stop(H), start(2 * H), { at: iso(3 * H), kind: 'monitor', from: 'up', to: 'down' }], T0, T0 + 8 * H)).toEqual([{ from: T0 + H, to: T0 + 2 * H }]);
    expect(serviceStops([], T0, T0 + 8 * H)).toEqual([]);
  });

  it("is a gap in a monitor's timeline even inside one series bucket, never its last status", () => {
    // Hourly buckets: the service stopped from 3:10 to 4:40, inside buckets that each still saw checks.
    const points = Array.from({ length: 8 }, (_, i) => ({ at: iso(i * H), checks: 60 }));
    const serviceEvents = [stop(3 * H + 10 * 60_000), start(4 * H + 40 * 60_000)];
    const { segments } = monitorServerTimeline({ series: { step_seconds: 3600, points }, events: [], serviceEvents, currentStatus: 'up', frequencySeconds: 60, from: T0, to: T0 + 8 * H });
    expect(segments.map((s) => [s.from - T0, s.to - T0, s.state])).toEqual([
      [0, 3 * H + 10 * 60_000, 'up'],
      [3 * H + 10 * 60_000, 4 * H + 40 * 60_000, 'not watching'],
      [4 * H + 40 * 60_000, 8 * H, 'up'],
    ]);
  });

  it("is a gap in a heartbeat's timeline: a night the service was stopped is neither up nor down", () => {
    const { segments } = heartbeatPingTimeline({ pings: [T0], intervalSeconds: 86_400, graceSeconds: 0, events: [], serviceEvents: [stop(H), start(7 * H)], from: T0, to: T0 + 8 * H });
    expect(segments.map((s) => [s.from - T0, s.to - T0, s.state])).toEqual([
      [0, H, 'up'],
      [H, 7 * H, 'not watching'],
      [7 * H, 8 * H, 'up'],
    ]);
  });
});
