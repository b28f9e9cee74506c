// A maintenance window ends while two monitors are still down: one went down before the window (and was told
// then), the other inside it. Every channel — the service's own webhook, the desktop core's alerts and `vigil
// watch` (one running all along, one started inside the window) — tells both, "still down after maintenance", with
// the same duration: from when each outage began to when the window ended. The real service, a real core and real
// watches share one clock the test moves; the targets and the webhook receiver are real servers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertView } from '../../../common/ipc/views.ts';
import { lastedAtMaintenanceEndWords } from '../../../common/maintenance/maintenance-end.ts';
import { silentLogger } from '../../../common/logger.ts';
import { MonitoringClient } from '../../../main/core/api/index.ts';
import { createVigilCore } from '../../../main/core/app/create-vigil-core.ts';
import type { LocalServiceLauncher } from '../../../main/core/app/local-service-launcher.ts';
import type { VigilCore } from '../../../main/core/app/vigil-core.ts';
import type { Alert } from '../../../main/core/alerts/index.ts';
import { ServerWatch } from '../../../main/cli/server-watch.ts';
import { MemorySecretStore } from '../../../main/core/secrets/memory-secret-store.ts';
import { FileSettingsStore } from '../../../main/core/settings/settings-store.ts';
import { loadOrCreateSigningKey } from '../../../service/auth/signing-key.ts';
import { issueToken } from '../../../service/auth/tokens.ts';
import { boundaryCalls } from '../../helpers/boundary-calls.ts';
import { startHttpTarget, type HttpTarget } from '../../helpers/local-targets.ts';
import { recordingLogger } from '../../helpers/recording-logger.ts';
import { openMaintenanceFixture, type MaintenanceFixture } from '../../service/maintenance/maintenance-fixture.ts';

const minute = 60_000;
const start = Date.UTC(2026, 10, 28, 13, 0);

const noLocalService: LocalServiceLauncher = {
  dataDir: '/nonexistent/vigil-service',
  start: () => Promise.reject(new Error('local mode must stay off')),
  issueToken: () => Promise.reject(new Error('local mode must stay off')),
  sendTestEmail: () => Promise.reject(new Error('local mode must stay off')),
};

interface Watching {
  lines: Alert[];
  /** Moves nothing: resolves once the watch has handled a poll that started after this call. */
  nextPoll(): Promise<void>;
  stop(): Promise<void>;
}

let fixture: MaintenanceFixture;
let blogTarget: HttpTarget;
let configDir: string;
let settings: FileSettingsStore;
let core: VigilCore;
let calls: ReturnType<typeof boundaryCalls>;
let token: string;
const coreAlerts: AlertView[] = [];
let shop: string;
let blog: string;

async function startWatch(): Promise<Watching> {
  const apiUrl = fixture.service.apiUrl;
  const lines: Alert[] = [];
  let polled: (() => void)[] = [];
  const watch = new ServerWatch({
    server: { target: { baseUrl: apiUrl, name: 'Local', connection: undefined, sourceKind: 'vigil', namedByBaseUrl: true }, client: new MonitoringClient({ baseUrl: apiUrl, token: () => token, logger: silentLogger }), token, source: undefined },
    intervalMs: 60_000,
    clock: fixture.clock,
    settings,
    onAlert: (alert) => lines.push(alert),
    afterPoll: () => {
      const waiting = polled;
      polled = [];
      for (const resolve of waiting) resolve();
    },
    onRejected: () => undefined,
  });
  const first = new Promise<void>((resolve) => polled.push(resolve));
  watch.start();
  await first;
  return {
    lines,
    nextPoll: () => new Promise<void>((resolve) => polled.push(resolve)),
    stop: () => watch.stop(),
  };
}

/** A poll interval passes: the core and each watch poll, and what they tell is in. */
async function pollAll(watches: readonly Watching[]): Promise<void> {
  const polled = watches.map((watch) => watch.nextPoll());
  fixture.clock.advance(minute);
  await calls.refreshNow();
  await Promise.all(polled);
}

const titles = (alerts: readonly { title: string }[]) => alerts.map((alert) => alert.title).sort();
const statusSince = async (id: string) => Date.parse(((await fixture.api(`/monitors/${id}`)).json as { status_since: string }).status_since);

beforeAll(async () => {
  [fixture, blogTarget] = await Promise.all([openMaintenanceFixture(start), startHttpTarget()]);
  token = await issueToken(loadOrCreateSigningKey(fixture.service.dataDir), 400 * 86_400);
  shop = await fixture.upMonitor('Shop');
  const created = await fixture.api('/monitors', { method: 'POST', body: { name: 'Blog', type: 'http', url: blogTarget.url, frequency: 10 } });
  blog = (created.json as { id: string }).id;
  await fixture.waitForStatus(blog, 'up');

  configDir = mkdtempSync(path.join(tmpdir(), 'vigil-after-maintenance-'));
  const secrets = new MemorySecretStore();
  await secrets.set('local-service', token);
  settings = new FileSettingsStore({ directory: configDir, logger: recordingLogger() });
  settings.update((s) => ({ ...s, connections: [{ id: 'local-service', name: 'Local', baseUrl: fixture.service.apiUrl, kind: 'remote', sourceKind: 'vigil', enabled: true }], pollIntervalSeconds: 60 }));
  core = await createVigilCore({ settings, alertStateDir: configDir, historyDir: configDir, secrets, localService: noLocalService, about: { version: '0.0.0-test', shell: 'browser' }, clock: fixture.clock, logger: recordingLogger() });
  core.on('onAlert', (alert) => coreAlerts.push(alert));
  await core.start();
  calls = boundaryCalls(core);
  await calls.refreshNow();
}, 60_000);

afterAll(async () => {
  await core.stop();
  await blogTarget.close();
  await fixture.close();
  rmSync(configDir, { recursive: true, force: true });
});

describe('a window that ends while two monitors are still down', () => {
  it('is told by the webhook, the core and every watch, for both, with the same durations', async () => {
    const watching = await startWatch();

    // Shop goes down before the window: everyone tells it then.
    fixture.target.setUp(false);
    await fixture.waitForStatus(shop, 'down');
    await fixture.webhook.waitFor(1);
    await pollAll([watching]);
    expect(titles(coreAlerts)).toEqual(['Shop is down']);
    expect(titles(watching.lines)).toEqual(['Shop is down']);

    // A server-wide window for ten minutes; Blog goes down inside it, and a second watch starts inside it.
    const window = await fixture.startMaintenance({ ends_at: new Date(fixture.clock.now() + 10 * minute).toISOString(), reason: 'move the rack' });
    await pollAll([watching]);
    blogTarget.setUp(false);
    await fixture.waitForStatus(blog, 'down');
    const startedInside = await startWatch();
    await pollAll([watching, startedInside]);
    await fixture.deliveries();
    expect(fixture.told()).toEqual(['monitor.down Shop']);
    expect(titles(coreAlerts)).toEqual(['Shop is down']);
    expect(titles(watching.lines)).toEqual(['Shop is down']);
    expect(startedInside.lines).toEqual([]);

    // The window ends: the service tells at once, the core and the watches at their next poll.
    const endsAt = Date.parse(window.ends_at ?? '');
    const toldBefore = { core: coreAlerts.length, watching: watching.lines.length };
    fixture.clock.advance(endsAt - fixture.clock.now());
    const hooks = (await fixture.webhook.waitFor(3)).slice(1).map((request) => request.body as { event: string; message: string; subject: { name: string } });
    await pollAll([watching, startedInside]);

    const told = {
      core: coreAlerts.slice(toldBefore.core),
      watching: watching.lines.slice(toldBefore.watching),
      startedInside: startedInside.lines,
    };
    for (const alerts of Object.values(told)) expect(titles(alerts)).toEqual(['Blog is still down after maintenance', 'Shop is still down after maintenance']);
    expect(hooks.map((hook) => `${hook.event} ${hook.subject.name}`).sort()).toEqual(['monitor.down Blog', 'monitor.down Shop']);
    // Each outage counted from its start (Shop's before the window) to the window's end, in every channel alike.
    for (const [id, name] of [[shop, 'Shop'], [blog, 'Blog']] as const) {
      const words = lastedAtMaintenanceEndWords('down', await statusSince(id), endsAt);
      expect(hooks.find((hook) => hook.subject.name === name)?.message).toBe(`Monitor “${name}” is still down after maintenance: HTTP 503 (${name === 'Shop' ? fixture.target.url : blogTarget.url}); ${words}.`);
      for (const alerts of Object.values(told)) expect(alerts.find((alert) => alert.title.startsWith(name))?.body).toBe(`D${words.slice(1)}. · Local`);
    }
    expect(lastedAtMaintenanceEndWords('down', await statusSince(shop), endsAt)).not.toBe(lastedAtMaintenanceEndWords('down', await statusSince(blog), endsAt));

    // Told once: later polls tell nothing more, and the service sends nothing more.
    const counts = [coreAlerts.length, watching.lines.length, startedInside.lines.length];
    await pollAll([watching, startedInside]);
    await fixture.deliveries();
    expect([coreAlerts.length, watching.lines.length, startedInside.lines.length]).toEqual(counts);
    expect(fixture.webhook.requests).toHaveLength(3);
    await Promise.all([watching.stop(), startedInside.stop()]);
  });
});
