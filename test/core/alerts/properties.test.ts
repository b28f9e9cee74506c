import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  evaluatePoll,
  initialAlertState,
  restoreAlertState,
  type Alert,
  type AlertState,
} from '../../../main/core/alerts/index.ts';
import type { Snapshot } from '../../../main/core/model/snapshot.ts';
import { STATE_CHANGE_KINDS } from '../../../main/core/alerts/alert.ts';
import { itemsArb, runArb, snoozedKeysArb, type Step } from './arbitraries.ts';
import { context, NOW, ok, preferences } from './fixtures.ts';

const ITEM_KINDS = new Set<string>(STATE_CHANGE_KINDS);

function keysOf({ monitors, heartbeats, domains }: Snapshot): Set<string> {
  return new Set([
    ...monitors.map((item) => `monitor:${item.id}`),
    ...heartbeats.map((item) => `heartbeat:${item.id}`),
    ...domains.map((item) => `domain:${item.id}`),
  ]);
}

/** A certificate's news is a story of its own beside its monitor's up and down. */
const newsKey = (alert: Alert) => (alert.kind.startsWith('certificate') ? `certificate:${alert.itemKey}` : alert.itemKey);

/** Each item's expiry days (a domain's, a monitor's certificate's), under its news key. */
function expiriesOf({ domains, monitors }: Snapshot, now: number): Map<string, number[]> {
  const days = new Map<string, number[]>();
  const add = (key: string, day: number) => days.set(key, [...(days.get(key) ?? []), day]);
  for (const item of domains) if (item.days_until_expiry !== undefined) add(`domain:${item.id}`, Math.floor(now / 86_400_000) + item.days_until_expiry);
  for (const item of monitors) if (item.certificate_expires_on !== undefined) add(`certificate:monitor:${item.id}`, Math.floor(Date.parse(item.certificate_expires_on) / 86_400_000));
  return days;
}

function run(steps: readonly Step[], extra: Parameters<typeof context>[0] = {}, start: AlertState = initialAlertState()) {
  let state = start;
  const alerts: Alert[][] = [];
  for (const step of steps) {
    const result = evaluatePoll(state, step.outcome, context({ now: step.now, tokenExpiresAt: NOW + 86_400_000, ...extra }));
    state = result.state;
    alerts.push(result.alerts);
  }
  return { state, alerts };
}

const noBursts = { preferences: preferences({ burstLimit: Number.MAX_SAFE_INTEGER }) };

describe('alert policy properties', () => {
  it('evaluating the same successful outcome twice tells nothing the second time', () => {
    fc.assert(
      fc.property(runArb, itemsArb, (steps, items) => {
        const { state } = run(steps);
        const now = (steps.at(-1)?.now ?? NOW) + 1000;
        const outcome = ok(items(now), now);
        const first = evaluatePoll(state, outcome, context({ now, tokenExpiresAt: now }));
        for (let repeat = 0; repeat < 3; repeat++) {
          expect(evaluatePoll(first.state, outcome, context({ now, tokenExpiresAt: now })).alerts).toEqual([]);
        }
      }),
    );
  });

  it('never tells the same news about an item twice unless it went away or the opposite news came between', () => {
    fc.assert(
      fc.property(runArb, (steps) => {
        const { alerts } = run(steps, noBursts);
        const lastNews = new Map<string, Alert>();
        const expiryDays = new Map<string, number>();
        steps.forEach((step, index) => {
          if (step.outcome.ok) {
            const present = keysOf(step.outcome.snapshot);
            const days = expiriesOf(step.outcome.snapshot, step.now);
            // A monitor without a certificate end remembers none: its certificate may be told again.
            for (const key of lastNews.keys()) if (!present.has(key) && !days.has(key)) lastNews.delete(key);
            // A renewal (the expiry moving later) re-arms the thresholds; with duplicates, any later one counts. A
            // domain's day may jitter by one; a certificate's end is exact, so any later UTC day is another certificate.
            for (const [key, expiry] of days) {
              const jitter = key.startsWith('domain') ? 1 : 0;
              if (Math.max(...expiry) > (expiryDays.get(key) ?? Infinity) + jitter) lastNews.delete(key);
              expiryDays.set(key, Math.min(...expiry));
            }
          }
          for (const alert of alerts[index] ?? []) {
            const key = newsKey(alert);
            if (key === undefined) continue;
            const previous = lastNews.get(key);
            // An expiry may be told again, but only about a smaller threshold: a different title.
            if (previous?.kind === alert.kind) {
              expect((alert.kind === 'domain-expiring' || alert.kind === 'certificate-expiring') && alert.title !== previous.title).toBe(true);
            }
            lastNews.set(key, alert);
          }
        });
      }),
    );
  });

  it('the first snapshot after start tells at most one thing about items', () => {
    fc.assert(
      fc.property(itemsArb, (items) => {
        const { alerts } = evaluatePoll(initialAlertState(), ok(items(NOW)), context());
        expect(alerts.length).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('snoozed items never produce alerts, and all-snoozed means no item news at all', () => {
    fc.assert(
      fc.property(runArb, snoozedKeysArb, (steps, keys) => {
        const snoozes = keys.map((key) => ({ key, until: 'resumed' as const }));
        const { alerts } = run(steps, { snoozes });
        for (const alert of alerts.flat()) if (alert.itemKey !== undefined) expect(keys).not.toContain(alert.itemKey);
      }),
    );
    fc.assert(
      fc.property(runArb, (steps) => {
        const everything = ['monitor', 'heartbeat', 'domain'].flatMap((kind) =>
          ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => ({ key: `${kind}:${id}`, until: 'resumed' as const })),
        );
        const { alerts } = run(steps, { snoozes: everything });
        expect(alerts.flat().filter((alert) => ITEM_KINDS.has(alert.kind) || alert.kind === 'summary')).toEqual([]);
      }),
    );
  });

  it('a global pause tells nothing, and tracks exactly what an unpaused run tracks', () => {
    fc.assert(
      fc.property(runArb, (steps) => {
        const paused = run(steps, { pausedUntil: 'resumed' });
        expect(paused.alerts.flat()).toEqual([]);
        expect(paused.state).toEqual(run(steps).state);
      }),
    );
  });

  it('a summary replaces the item alerts of a poll exactly when there are more than burstLimit', () => {
    fc.assert(
      fc.property(runArb, fc.integer({ min: 1, max: 5 }), (steps, burstLimit) => {
        const running = evaluatePoll(initialAlertState(), ok({}), context()).state;
        const limited = run(steps, { preferences: preferences({ burstLimit }) }, running);
        const unlimited = run(steps, noBursts, running);
        limited.alerts.forEach((poll, index) => {
          const items = (unlimited.alerts[index] ?? []).filter((alert) => ITEM_KINDS.has(alert.kind) || alert.kind === 'summary');
          const told = poll.filter((alert) => ITEM_KINDS.has(alert.kind) || alert.kind === 'summary');
          if (items.length > burstLimit) expect(told.map((alert) => alert.kind)).toEqual(['summary']);
          else expect(told).toEqual(items);
        });
      }),
    );
  });

  it('the state stays JSON round-trippable and restores to itself (unprimed)', () => {
    fc.assert(
      fc.property(runArb, (steps) => {
        const { state } = run(steps);
        const json = JSON.parse(JSON.stringify(state)) as unknown;
        expect(json).toStrictEqual(state);
        const restarted = { ...state, primed: false, connection: { ...state.connection, failedPolls: 0 } };
        expect(restoreAlertState(json)).toStrictEqual(restarted);
      }),
    );
  });

  it('the state only remembers items the last snapshot had', () => {
    fc.assert(
      fc.property(runArb, (steps) => {
        const { state } = run(steps);
        const lastOk = steps.findLast((step) => step.outcome.ok)?.outcome;
        if (lastOk === undefined || !lastOk.ok) return;
        const keys = keysOf(lastOk.snapshot);
        for (const map of [state.monitors, state.heartbeats, state.domains, state.certificates]) {
          for (const key of Object.keys(map)) expect(keys).toContain(key);
        }
      }),
    );
  });
});
