// Property tests (issue 21): no source item is ever shown up when its source could not be read. Two ways it could be:
// a reader taking a status it has no meaning for as up, or the status going on showing what a source said last while
// its latest poll failed. Neither may happen, whatever the answers and whatever fails.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ClientErrorKind, PollOutcome, Snapshot } from '../../../main/core/model/snapshot.ts';
import { initialAlertState } from '../../../main/core/alerts/index.ts';
import { connectionView } from '../../../main/core/app/connection-view.ts';
import { statusView } from '../../../main/core/app/status-view.ts';
import { readHealthchecksChecks } from '../../../main/core/sources/healthchecks.ts';
import type { SourceItem } from '../../../main/core/sources/source-reading.ts';
import { sourceSnapshot } from '../../../main/core/sources/source-poll.ts';
import { readStatusPage } from '../../../main/core/sources/statuspage.ts';
import { readUptimeKumaMetrics } from '../../../main/core/sources/uptime-kuma.ts';
import { defaultSettings, type Connection } from '../../../main/core/settings/settings-schema.ts';

const NOW = Date.UTC(2026, 10, 29, 8, 0);

/** Any value a source might put where its status goes: its known words mixed with anything at all. */
const anyStatus = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.object());

describe('a status Vigil has no meaning for is never up', () => {
  it('on a status page: only "operational" is up', () => {
    fc.assert(
      fc.property(fc.array(anyStatus, { minLength: 1, maxLength: 8 }), (statuses) => {
        const components = statuses.map((status, index) => ({ id: `c${index}`, name: `C${index}`, status, group: false, group_id: null, position: index }));
        const reading = readStatusPage({ page: { id: 'p', name: 'P', url: 'https://status.example.com' }, components, incidents: [], scheduled_maintenances: [] }, 'https://status.example.com');
        for (const item of reading.items) {
          const said = statuses[Number(item.id.slice(1))];
          if (item.health === 'ok' || item.state === 'up') expect(['operational', 'under_maintenance']).toContain(said);
        }
      }),
    );
  });

  it('in Uptime Kuma’s metrics: only 1 is up', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer({ min: -5, max: 9 }), fc.double({ noNaN: false }), fc.constantFrom('NaN', '+Inf', 'null', 'up')), { minLength: 1, maxLength: 8 }), (values) => {
        const lines = values.map((value, index) => `monitor_status{monitor_id="${index + 1}",monitor_name="M${index}",monitor_type="http",monitor_url="https://m${index}.example",monitor_hostname="null",monitor_port="null"} ${String(value)}`);
        const reading = readUptimeKumaMetrics(`# TYPE monitor_status gauge\n${lines.join('\n')}\n`, 'https://kuma.example.com');
        for (const item of reading.items) {
          if (item.health === 'ok' && item.state !== 'maintenance') expect(String(values[Number(item.id) - 1])).toBe('1');
        }
      }),
    );
  });

  it('in Healthchecks: only "up" (and a paused or new check, which is no problem) is fine', () => {
    fc.assert(
      fc.property(fc.array(anyStatus, { minLength: 1, maxLength: 8 }), (statuses) => {
        const checks = statuses.map((status, index) => ({ name: `Job ${index}`, slug: `job-${index}`, unique_key: `${index}`.padStart(40, '0'), status, last_ping: null, next_ping: null, grace: 3600, timeout: 86_400, n_pings: 0 }));
        const reading = readHealthchecksChecks({ checks }, { baseUrl: 'https://healthchecks.io', now: NOW });
        for (const item of reading.items) {
          if (item.state === 'up') expect(statuses[Number(item.id.replace(/^0+/, '') || '0')]).toBe('up');
        }
      }),
    );
  });
});

const errorKinds: ClientErrorKind[] = ['unreachable', 'timeout', 'unauthorized', 'forbidden', 'not-found', 'rate-limited', 'server-error', 'bad-request', 'protocol-error'];

const itemArb: fc.Arbitrary<SourceItem> = fc.record({
  id: fc.string({ minLength: 1, maxLength: 6 }),
  name: fc.string({ minLength: 1, maxLength: 8 }),
  kind: fc.constantFrom('monitor', 'heartbeat', 'component', 'alert'),
  health: fc.constantFrom('ok', 'warning', 'critical', 'unknown'),
  state: fc.constantFrom('up', 'down', 'degraded', 'pending', 'maintenance', 'paused', 'new', 'late', 'firing', 'unknown'),
  summary: fc.string({ maxLength: 12 }),
});

/** A poll: answered with some items, or failed in any way. */
const pollArb = fc.oneof(
  fc.array(itemArb, { maxLength: 6 }).map((items) => ({ ok: true as const, items })),
  fc.constantFrom(...errorKinds).map((kind) => ({ ok: false as const, kind })),
);

describe('a source that could not be read shows nothing up', () => {
  it('whatever it said before, and however its latest poll failed', () => {
    const connection: Connection = { id: 'github', name: 'GitHub', baseUrl: 'https://www.githubstatus.com', kind: 'remote', sourceKind: 'statuspage', enabled: true };
    fc.assert(
      fc.property(fc.array(pollArb, { minLength: 1, maxLength: 6 }), (polls) => {
        let outcome: PollOutcome | undefined;
        let lastSnapshot: Snapshot | undefined;
        for (const [index, poll] of polls.entries()) {
          const at = NOW + index * 60_000;
          if (poll.ok) {
            // Ids unique within a reading, as every reader keeps them.
            const unique = [...new Map(poll.items.map((item) => [item.id, item])).values()];
            lastSnapshot = sourceSnapshot({ items: unique, issues: [] }, at, at);
            outcome = { ok: true, snapshot: lastSnapshot };
          } else {
            outcome = { ok: false, at, error: { kind: poll.kind, message: 'Could not read the status page.' } };
          }
        }
        const now = NOW + polls.length * 60_000;
        const alertState = initialAlertState();
        const status = statusView({
          servers: [{ connection: connectionView(connection, { token: undefined, alertState, warningDays: 3, now }), outcome, lastSnapshot, alertState }],
          settings: { ...defaultSettings, connections: [connection] },
          now,
        });
        if (outcome?.ok === false) {
          expect(status.items.filter((item) => item.health === 'ok' || item.state === 'up')).toEqual([]);
          expect(status.trayItems.filter((entry) => entry.type === 'item' && (entry.health === 'ok' || entry.state === 'up'))).toEqual([]);
        }
      }),
    );
  });
});
