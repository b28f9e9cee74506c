// fast-check arbitraries for the alert and tray properties: small pools of ids so items come and go and
// change state across polls (and now and then appear twice, as a buggy server might send them), with
// times that move forward.
import fc from 'fast-check';
import type { Domain, Heartbeat, Monitor } from '../../../common/api/index.ts';
import type { ClientErrorKind, PollOutcome } from '../../../main/core/model/snapshot.ts';
import { DAY, domain, failed, heartbeat, HOUR, iso, MINUTE, monitor, NOW, ok } from './fixtures.ts';

const ids = ['a', 'b', 'c', 'd', 'e', 'f'];

export type ItemsAt = (at: number) => { monitors: Monitor[]; heartbeats: Heartbeat[]; domains: Domain[] };

const monitorsArb = fc.array(
  fc.record({
    id: fc.constantFrom(...ids),
    status: fc.constantFrom('up', 'down', 'unknown', 'paused', undefined),
    // When its certificate ends, after the poll: mostly none, else around the thresholds and past them.
    certificate: fc.constantFrom(undefined, undefined, undefined, -2 * DAY, 2 * HOUR, 5 * DAY, 13 * DAY + HOUR, 29 * DAY, 100 * DAY),
  }),
  { maxLength: ids.length + 2 },
);
const heartbeatsArb = fc.array(
  fc.record({
    id: fc.constantFrom(...ids),
    ago: fc.constantFrom(undefined, MINUTE, 70 * MINUTE, 3 * HOUR),
    interval: fc.constantFrom(3600, undefined),
    // Now and then a failed run (Vigil's service's `last_outcome`), which is critical until a success.
    failed: fc.constantFrom(false, false, false, true),
  }),
  { maxLength: ids.length + 2 },
);
const domainsArb = fc.array(
  fc.record({ id: fc.constantFrom(...ids), days: fc.constantFrom(undefined, -2, 0, 1, 5, 13, 29, 100, 400) }),
  { maxLength: ids.length + 2 },
);

/** Items whose heartbeat pings are placed relative to the poll time. */
export const itemsArb: fc.Arbitrary<ItemsAt> = fc
  .record({ monitors: monitorsArb, heartbeats: heartbeatsArb, domains: domainsArb })
  .map((spec) => (at: number) => ({
    monitors: spec.monitors.map((entry) => monitor(entry.id, entry.status, entry.certificate === undefined ? {} : { certificate_expires_on: iso(at + entry.certificate) })),
    // A failed heartbeat's last success stays put (before the first poll): one that moved would be a success since,
    // which makes a failure after it new news.
    heartbeats: spec.heartbeats.map((entry) =>
      heartbeat(entry.id, entry.ago, 3600, entry.failed ? NOW : at, {
        ...(entry.interval === undefined ? { expected_interval: undefined } : {}),
        ...(entry.failed ? { last_outcome: 'failed', last_exit_code: 2 } : {}),
      }),
    ),
    domains: spec.domains.map((entry) => domain(entry.id, entry.days, at)),
  }));

const failureKinds: ClientErrorKind[] = ['unreachable', 'timeout', 'server-error', 'unauthorized', 'rate-limited', 'not-found'];

export const stepArb = fc.record({
  items: itemsArb,
  failure: fc.option(fc.constantFrom(...failureKinds), { freq: 4 }),
  advance: fc.integer({ min: 0, max: 2 * HOUR }),
});

export type Step = { outcome: PollOutcome; now: number };

/** A run of polls with times moving forward from NOW. */
export const runArb: fc.Arbitrary<Step[]> = fc.array(stepArb, { minLength: 1, maxLength: 12 }).map((steps) => {
  let now = NOW;
  return steps.map((step) => {
    now += step.advance;
    const outcome = step.failure === null ? ok(step.items(now), now) : failed(step.failure, now);
    return { outcome, now };
  });
});

/** Snoozes over some item keys of every kind. */
export const snoozedKeysArb = fc.uniqueArray(
  fc.tuple(fc.constantFrom('monitor', 'heartbeat', 'domain'), fc.constantFrom(...ids)).map(([kind, id]) => `${kind}:${id}`),
);
