// A real core watching one remote server (the history test server) with a clock the test moves: settings, the alert
// state and the record in a temp folder, kept across restarts of the core so "the app was closed" can be played.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { VigilCalls } from '../../../common/ipc/contract.ts';
import { createVigilCore } from '../../../main/core/app/create-vigil-core.ts';
import type { LocalServiceLauncher } from '../../../main/core/app/local-service-launcher.ts';
import type { VigilCore } from '../../../main/core/app/vigil-core.ts';
import { MemorySecretStore } from '../../../main/core/secrets/memory-secret-store.ts';
import { FileSettingsStore } from '../../../main/core/settings/settings-store.ts';
import { boundaryCalls } from '../../helpers/boundary-calls.ts';
import { manualClock, type ManualClock } from '../../helpers/manual-clock.ts';
import { recordingLogger, type RecordingLogger } from '../../helpers/recording-logger.ts';

const refusingLauncher: LocalServiceLauncher = {
  dataDir: '/nonexistent/vigil-service',
  start: () => Promise.reject(new Error('local mode must stay off')),
  issueToken: () => Promise.reject(new Error('local mode must stay off')),
  sendTestEmail: () => Promise.reject(new Error('local mode must stay off')),
};

export interface RemoteCore {
  core: VigilCore;
  calls: VigilCalls;
  logger: RecordingLogger;
}

export interface RemoteCoreBench {
  dir: string;
  clock: ManualClock;
  /** A core for the saved connection `test` ("Test") to `apiUrl`, started. */
  start(): Promise<RemoteCore>;
  /** The clock moves on by `ms` (timers due on the way fire), then one poll is handled. */
  pollAfter(running: RemoteCore, ms: number): Promise<void>;
  remove(): void;
}

export function remoteCoreBench(apiUrl: string, startMs = Date.UTC(2026, 10, 20, 8)): RemoteCoreBench {
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-history-core-'));
  const clock = manualClock(startMs);
  const secrets = new MemorySecretStore();
  const setup = new FileSettingsStore({ directory: dir, logger: recordingLogger() });
  setup.update((s) => ({ ...s, connections: [{ id: 'test', name: 'Test', baseUrl: apiUrl, kind: 'remote', sourceKind: 'vigil', enabled: true }], pollIntervalSeconds: 60 }));
  return {
    dir,
    clock,
    async start() {
      await secrets.set('test', 'a.b.c');
      const logger = recordingLogger();
      const settings = new FileSettingsStore({ directory: dir, logger });
      const core = await createVigilCore({ settings, alertStateDir: dir, historyDir: dir, secrets, localService: refusingLauncher, about: { version: '0.0.0-test', shell: 'browser' }, clock, logger });
      await core.start();
      const calls = boundaryCalls(core);
      await calls.refreshNow();
      return { core, calls, logger };
    },
    async pollAfter(running, ms) {
      clock.advance(ms);
      await running.calls.refreshNow();
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
