// What was notified survives a restart: the alert state is saved after each poll, so a monitor already
// reported down is not reported again by the next core (with a new service process on the same data).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../main/core/secrets/memory-secret-store.ts';
import { refreshUntil, startCore, tempDirs, type CoreFixture } from './core-fixture.ts';

let dirs: ReturnType<typeof tempDirs>;
const running: CoreFixture[] = [];

beforeAll(() => {
  // One failed check is enough for `down`, so the test need not wait for a second one.
  dirs = tempDirs({ failuresToConfirmDown: 1, checkTimeoutMs: 2_000 });
});
afterAll(async () => {
  for (const fixture of running) await fixture.core.stop();
  dirs.remove();
});

it('does not notify again after a restart about a monitor already reported down', { timeout: 50_000 }, async () => {
  const secrets = new MemorySecretStore();
  const first = await startCore(dirs, secrets);
  running.push(first);
  // Nothing listens on port 9 of loopback: the check fails at once.
  const monitor = await first.calls.createMonitor('local', { name: 'Nothing there', type: 'tcp', url: '127.0.0.1:9', frequency: 10 });
  const key = `local/monitor:${monitor.id}`;
  await refreshUntil(first, (status) => status.items.some((item) => item.key === key && item.state === 'down'));
  expect(first.alerts.map((a) => [a.kind, a.itemKey])).toEqual([['monitor-down', key]]);
  const saved = JSON.parse(readFileSync(path.join(dirs.configDir, 'alert-state.json'), 'utf8')) as { connections: Record<string, { monitors: Record<string, unknown> }> };
  // The policy's memory keeps each connection's own keys.
  expect(Object.keys(saved.connections.local?.monitors ?? {})).toEqual([`monitor:${monitor.id}`]);
  await first.core.stop();

  const second = await startCore(dirs, secrets);
  running.push(second);
  expect(second.started[0]?.apiUrl).toBeDefined();
  const status = await refreshUntil(second, (s) => s.items.some((item) => item.key === key && item.state === 'down'));
  expect(status.level).toBe('critical');
  expect(second.alerts).toEqual([]);
});
