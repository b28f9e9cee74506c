// kill -9 in the middle of history writes, with the service as a real process: the database opens again, the
// events record the unexpected stop at the last moment the service was known to be alive, every committed check
// is there exactly once, and running the rollup over them again changes nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeChecks } from '../../../service/history/check-codec.ts';
import { historyFileName } from '../../../service/history/storage/history-schema.ts';
import { startHttpTarget, type HttpTarget } from '../../helpers/local-targets.ts';
import { runVigil, startServiceProcess, type ServiceProcess } from '../../helpers/service-process.ts';
import { hour, openHistoryFixture } from './history-fixture.ts';

const monitorCount = 200;
let dataDir: string;
let target: HttpTarget;
let headers: Record<string, string>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-crash-'));
  target = await startHttpTarget();
  const { stdout } = await runVigil(['token', '--data-dir', dataDir]).exited;
  headers = { authorization: `Bearer ${stdout.trim()}`, 'content-type': 'application/json' };
});
afterAll(async () => {
  await target.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function get<T>(service: ServiceProcess, pathAndQuery: string): Promise<T> {
  const response = await fetch(`${service.apiUrl}${pathAndQuery}`, { headers });
  expect(response.status, pathAndQuery).toBe(200);
  return (await response.json()) as T;
}

/** Checks per monitor seq, read straight from the history file as committed. */
function committedChecks(): Map<number, number[]> {
  const db = new DatabaseSync(path.join(dataDir, historyFileName));
  try {
    const byMonitor = new Map<number, number[]>();
    for (const row of db.prepare('SELECT monitor_seq, hour, data FROM raw_checks').all() as { monitor_seq: number; hour: number; data: Uint8Array }[]) {
      const times = decodeChecks(row.data, row.hour).checks.map((check) => check.at);
      byMonitor.set(row.monitor_seq, [...(byMonitor.get(row.monitor_seq) ?? []), ...times]);
    }
    return byMonitor;
  } finally {
    db.close();
  }
}

describe('kill -9 during history writes', () => {
  it('reopens, records the unexpected stop, and holds every committed check exactly once', async () => {
    const first = await startServiceProcess(dataDir);
    const ids: string[] = [];
    for (let i = 0; i < monitorCount; i++) {
      const response = await fetch(`${first.apiUrl}/monitors`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: `m${i}`, type: 'http', url: `${target.url}/m/${i}`, frequency: 10 }),
      });
      ids.push(((await response.json()) as { id: string }).id);
    }
    // Every monitor's first check comes within 5 s; then 20 checks a second are written in half-second batches.
    // Kill at a moment picked at random from the first round's stream (once the service has committed between half
    // and nine tenths of it), so the kill lands mid-stream however fast or slow a loaded machine runs the round.
    const seen = async () => (await get<{ checks: number }[]>(first, '/stats?window=24h')).reduce((sum, item) => sum + item.checks, 0);
    const killAfter = monitorCount / 2 + 1 + Math.floor(Math.random() * (0.4 * monitorCount));
    await vi.waitFor(async () => expect(await seen()).toBeGreaterThanOrEqual(killAfter), { timeout: 30_000, interval: 50 });
    first.child.kill('SIGKILL');
    const killedAt = Date.now();
    expect(await first.exited).toBe('SIGKILL');

    const committed = committedChecks();
    const total = [...committed.values()].reduce((sum, times) => sum + times.length, 0);
    expect(total).toBeGreaterThan(monitorCount / 2);
    for (const times of committed.values()) expect(new Set(times).size).toBe(times.length);

    const second = await startServiceProcess(dataDir);
    try {
      type Event = { at: string; kind: string; to: string; detail?: string };
      const events = (await get<Event[]>(second, '/events?limit=1000')).filter((event) => event.kind === 'service');
      expect(events.map((event) => event.to)).toEqual(['started', 'stopped', 'started']);
      const [, stopped, restarted] = events;
      expect(stopped?.detail).toMatch(/stopped unexpectedly/);
      expect(Date.parse(stopped?.at ?? '')).toBeLessThanOrEqual(killedAt);
      // The alive time is renewed with every half-second batch; 5 s leaves room for a loaded CI machine.
      expect(Date.parse(stopped?.at ?? '')).toBeGreaterThan(killedAt - 5_000);
      const restartedAt = restarted?.at ?? '';

      // What the API answers from before the restart is exactly what was committed: nothing lost, nothing twice.
      const seqOf = new Map(ids.map((id, index) => [id, index + 1]));
      for (const id of ids.slice(0, 40)) {
        const checks = await get<{ checked_at: string }[]>(second, `/monitors/${id}/checks?before=${encodeURIComponent(restartedAt)}&limit=1000`);
        const expected = (committed.get(seqOf.get(id) ?? 0) ?? []).sort((a, b) => b - a).map((at) => new Date(at).toISOString());
        expect(checks.map((check) => check.checked_at)).toEqual(expected);
      }
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }

    // The rollup, run later (the clock two hours on), sums exactly what is stored; and again, to the same bytes.
    const afterAll = committedChecks();
    const stored = [...afterAll.values()].reduce((sum, times) => sum + times.length, 0);
    const history = openHistoryFixture(Date.now() + 2 * hour, { dataDir });
    try {
      await history.history.settled();
      const checksSummed = async () => (await history.history.stats('24h', history.monitors.all(), 0)).reduce((sum, item) => sum + item.checks, 0);
      const summed = await checksSummed();
      expect(summed).toBe(stored);
      const buckets = () => history.history.series(1, '7d').points.map((point) => JSON.stringify(point));
      const before = buckets();
      await history.stop();
      const db = new DatabaseSync(path.join(dataDir, historyFileName));
      db.exec("UPDATE rollup_marks SET complete_until = complete_until - 7200000 WHERE tier = 'hourly'");
      db.close();
      history.restart();
      await history.history.settled();
      expect(buckets()).toEqual(before);
      expect(await checksSummed()).toBe(stored);
    } finally {
      await history.close();
    }
  });
});
