// A real core for tests: the real service through the node launcher (its own data dir, a config.json that keeps
// it off the network), real settings and alert-state files in a temp dir, a memory secret store, and a fetch
// that counts requests. Events are recorded.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { VigilCalls } from '../../../common/ipc/contract.ts';
import type { AlertView, ServerStatusView, StatusView } from '../../../common/ipc/views.ts';
import { createVigilCore } from '../../../main/core/app/create-vigil-core.ts';
import { nodeLocalServiceLauncher, type LocalServiceLauncher, type NodeRunningLocalService } from '../../../main/core/app/local-service-launcher.ts';
import type { VigilCore } from '../../../main/core/app/vigil-core.ts';
import { MemorySecretStore } from '../../../main/core/secrets/memory-secret-store.ts';
import { FileSettingsStore } from '../../../main/core/settings/settings-store.ts';
import { boundaryCalls } from '../../helpers/boundary-calls.ts';
import { recordingLogger, type RecordingLogger } from '../../helpers/recording-logger.ts';
import { startServiceProcess, tokenFor, vigilEntry, type ServiceProcess } from '../../helpers/service-process.ts';

/** The command line the core starts its local service with: the tests' Node bundle (test/node-build.ts). */
export const vigilScript = vigilEntry;
export const testAbout = { version: '0.0.0-test', logFile: '/tmp/vigil-test.log', shell: 'desktop' } as const;

export interface Dirs {
  dataDir: string;
  configDir: string;
}

/** A service data dir (with config.json) and a settings dir; `remove()` deletes both. */
export function tempDirs(serviceConfig: Record<string, unknown> = {}): Dirs & { remove(): void } {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-app-service-'));
  const configDir = mkdtempSync(path.join(tmpdir(), 'vigil-app-config-'));
  // Nothing listens on port 9 of loopback: domain lookups fail at once instead of reaching the internet. Port 0:
  // any free port (then remembered), so tests running side by side never take turns at the usual 8731.
  const config = { port: 0, rdapBootstrapUrl: 'http://127.0.0.1:9/dns.json', rdapAllowHttp: true, ...serviceConfig };
  writeFileSync(path.join(dataDir, 'config.json'), JSON.stringify(config));
  return {
    dataDir,
    configDir,
    remove: () => {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(configDir, { recursive: true, force: true });
    },
  };
}

/** Another server for Vigil to watch: a `vigil service` process on folders of its own (see tempDirs), with a token for it. */
export interface OtherServer extends ServiceProcess {
  token: string;
  /** Stops the service as its owner would (SIGTERM), unless it has stopped already, and waits for it to end. */
  stop(): Promise<void>;
  /** Stops it and removes its folders. */
  close(): Promise<void>;
}

export async function startOtherServer(serviceConfig: Record<string, unknown> = {}): Promise<OtherServer> {
  const dirs = tempDirs(serviceConfig);
  const running = await startServiceProcess(dirs.dataDir);
  const stop = async () => {
    if (running.child.exitCode === null) running.child.kill('SIGTERM');
    await running.exited;
  };
  return {
    ...running,
    token: await tokenFor(dirs.dataDir),
    stop,
    async close() {
      await stop();
      dirs.remove();
    },
  };
}

export interface CoreFixture {
  core: VigilCore;
  /** The contract's calls as the window makes them, through the call server. */
  calls: VigilCalls;
  settings: FileSettingsStore;
  secrets: MemorySecretStore;
  launcher: LocalServiceLauncher;
  /** Every service process the core started, in order. */
  started: NodeRunningLocalService[];
  alerts: AlertView[];
  statuses: StatusView[];
  logger: RecordingLogger;
  /** What the core told the shell to redact (`onSecret`), in order. */
  secretsTold: string[];
  /** Requests the core's clients sent (to addresses starting with `prefix`, when given). */
  requests(prefix?: string): number;
  /** Resolves with the first status (the current one, or a later event) that satisfies `test`. */
  statusWhere(test: (status: StatusView) => boolean, timeoutMs?: number): Promise<StatusView>;
}

export async function startCore(dirs: Dirs, secrets = new MemorySecretStore()): Promise<CoreFixture> {
  const logger = recordingLogger();
  const settings = new FileSettingsStore({ directory: dirs.configDir, logger });
  const base = nodeLocalServiceLauncher({ dataDir: dirs.dataDir, vigilScript, logger });
  const started: NodeRunningLocalService[] = [];
  const launcher: LocalServiceLauncher = {
    dataDir: base.dataDir,
    start: async (secrets) => {
      const running = await base.start(secrets);
      started.push(running);
      return running;
    },
    issueToken: (seconds) => base.issueToken(seconds),
    sendTestEmail: (to, secrets) => base.sendTestEmail(to, secrets),
  };
  const sent: string[] = [];
  const countingFetch: typeof fetch = (input, init) => {
    sent.push(input instanceof Request ? input.url : String(input));
    return fetch(input, init);
  };
  const secretsTold: string[] = [];
  const core = await createVigilCore({
    settings,
    alertStateDir: dirs.configDir,
    historyDir: dirs.configDir,
    secrets,
    localService: launcher,
    about: testAbout,
    logger,
    fetch: countingFetch,
    onSecret: (secret) => secretsTold.push(secret),
  });
  const alerts: AlertView[] = [];
  const statuses: StatusView[] = [];
  core.on('onAlert', (alert) => alerts.push(alert));
  core.on('onDidChangeStatus', (status) => statuses.push(status));
  await core.start();

  async function statusWhere(test: (status: StatusView) => boolean, timeoutMs = 15_000): Promise<StatusView> {
    const current = await core.calls.getStatus();
    if (test(current)) return current;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`no status matched within ${timeoutMs} ms; the last: ${JSON.stringify(statuses.at(-1)?.problem ?? statuses.at(-1)?.tooltip)}`));
      }, timeoutMs);
      const stop = core.on('onDidChangeStatus', (status) => {
        if (!test(status)) return;
        clearTimeout(timer);
        stop();
        resolve(status);
      });
    });
  }

  return { core, calls: boundaryCalls(core), settings, secrets, launcher, started, alerts, statuses, logger, secretsTold, requests: (prefix = '') => sent.filter((url) => url.startsWith(prefix)).length, statusWhere };
}

/** Polls through the core until `test` holds for the status (the service's checks run on their own schedule). */
export async function refreshUntil(fixture: CoreFixture, test: (status: StatusView) => boolean, timeoutMs = 25_000): Promise<StatusView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await fixture.calls.refreshNow();
    const status = await fixture.calls.getStatus();
    if (test(status)) return status;
    if (Date.now() > deadline) throw new Error(`status never matched; the last: ${status.problem ?? status.tooltip}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export function isAlive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A server's part of a status, by connection id (the local one by default); throws when it is not there. */
export function serverOf(status: StatusView, connectionId = 'local'): ServerStatusView {
  const server = status.servers.find((candidate) => candidate.connection.id === connectionId);
  if (server === undefined) throw new Error(`the status has no server ${connectionId}; it has ${status.servers.map((s) => s.connection.id).join(', ')}`);
  return server;
}
