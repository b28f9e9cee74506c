// A private, unlocked gnome-keyring Secret Service for tests that use the real OS keychain on Linux.
// Each session has its own D-Bus bus and a fresh XDG_DATA_HOME, so tests never touch a developer's keyring.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const sessionScript = path.join(import.meta.dirname, 'secret-service-session.sh');
const startTimeoutMs = 15_000;

export interface SecretServiceSession {
  /** Environment for processes that should use this keyring. */
  env: { DBUS_SESSION_BUS_ADDRESS: string; XDG_DATA_HOME: string; XDG_RUNTIME_DIR: string };
  /** The session's private HOME, removed by stop(). */
  home: string;
  stop(): Promise<void>;
}

export interface SecretServiceOptions {
  /** Runs before the bus starts, e.g. to add D-Bus service files under XDG_DATA_HOME. */
  prepare?(dirs: { home: string; XDG_DATA_HOME: string; XDG_RUNTIME_DIR: string }): void;
}

export function secretServiceMissingReason(): string | undefined {
  if (process.platform !== 'linux') return 'the Secret Service helper is Linux-only';
  for (const command of ['dbus-run-session', 'gnome-keyring-daemon']) {
    if (spawnSync('sh', ['-c', `command -v ${command}`]).status !== 0) {
      return `${command} is not installed (run npm test, which installs dbus and gnome-keyring on Debian/Ubuntu)`;
    }
  }
  return undefined;
}

export async function startSecretService(options: SecretServiceOptions = {}): Promise<SecretServiceSession> {
  const home = mkdtempSync(path.join(tmpdir(), 'vigil-keyring-'));
  const dirs = { XDG_DATA_HOME: path.join(home, 'data'), XDG_RUNTIME_DIR: path.join(home, 'run') };
  for (const dir of Object.values(dirs)) mkdirSync(dir, { mode: 0o700 });
  options.prepare?.({ home, ...dirs });
  const child = spawn('timeout', ['--kill-after=5', '600', 'dbus-run-session', '--', sessionScript], {
    env: { ...process.env, ...dirs, HOME: home },
    stdio: ['pipe', 'pipe', 'pipe'],
  });

  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const address = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    const onExit = (code: number | null) => fail(`it exited with code ${code}`);
    const timer = setTimeout(() => fail(`no bus address within ${startTimeoutMs} ms`), startTimeoutMs);
    function fail(why: string) {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`Secret Service session did not start: ${why}. ${stderr.trim()}`));
    }
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /^DBUS_SESSION_BUS_ADDRESS=(.+)$/m.exec(stdout);
      if (match?.[1]) {
        clearTimeout(timer);
        child.off('exit', onExit);
        resolve(match[1]);
      }
    });
    child.on('exit', onExit);
  });

  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    env: { DBUS_SESSION_BUS_ADDRESS: address, ...dirs },
    home,
    async stop() {
      child.stdin.end();
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
      rmSync(home, { recursive: true, force: true });
    },
  };
}
