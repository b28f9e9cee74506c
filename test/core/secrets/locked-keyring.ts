// A gnome-keyring whose login keyring is locked and whose password prompt never answers: what a user sees when
// the unlock dialog sits unnoticed behind other windows. The prompt stand-in is a D-Bus service that is started
// but never takes its name, so gnome-keyring waits for it; it ends with the bus.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SecretServiceSession } from '../../helpers/secret-service.ts';

const sessionScript = path.join(import.meta.dirname, '..', '..', 'helpers', 'secret-service-session.sh');
const startTimeoutMs = 15_000;

export interface LockedKeyringSession extends SecretServiceSession {
  /** Restarts the keyring daemon without unlocking it: everything stored so far is behind the prompt. */
  lock(): void;
}

export async function startLockedKeyring(): Promise<LockedKeyringSession> {
  const home = mkdtempSync(path.join(tmpdir(), 'vigil-locked-keyring-'));
  const dirs = { XDG_DATA_HOME: path.join(home, 'data'), XDG_RUNTIME_DIR: path.join(home, 'run') };
  for (const dir of Object.values(dirs)) mkdirSync(dir, { mode: 0o700 });
  const services = path.join(dirs.XDG_DATA_HOME, 'dbus-1', 'services');
  mkdirSync(services, { recursive: true });
  const prompter = path.join(home, 'silent-prompter.sh');
  // Its parent is the bus daemon that started it: it leaves when the bus does, and after 10 minutes at most.
  const waitForBusToEnd = 'while [ $i -lt 3000 ] && kill -0 "$PPID" 2>/dev/null; do sleep 0.2; i=$((i + 1)); done';
  writeFileSync(prompter, `i=0\n${waitForBusToEnd}\n`);
  for (const name of ['org.gnome.keyring.SystemPrompter', 'org.gnome.keyring.PrivatePrompter']) {
    writeFileSync(path.join(services, `${name}.service`), `[D-BUS Service]\nName=${name}\nExec=/bin/sh ${prompter}\n`);
  }

  const child = spawn('timeout', ['--kill-after=5', '600', 'dbus-run-session', '--', sessionScript], {
    env: { ...process.env, ...dirs, HOME: home },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const address = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => fail(`no bus address within ${startTimeoutMs} ms`), startTimeoutMs);
    const onExit = (code: number | null) => fail(`it exited with code ${code}`);
    function fail(why: string) {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`Locked keyring session did not start: ${why}. ${stderr.trim()}`));
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

  const env = { DBUS_SESSION_BUS_ADDRESS: address, ...dirs };
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    env,
    lock() {
      const result = spawnSync('gnome-keyring-daemon', ['--replace', '--components=secrets', '--daemonize'], {
        env: { ...process.env, ...env, HOME: home },
        stdio: ['ignore', 'ignore', 'pipe'],
        timeout: startTimeoutMs,
      });
      if (result.status !== 0) {
        throw new Error(`Could not restart gnome-keyring locked: ${result.stderr.toString().trim()}`);
      }
    },
    async stop() {
      child.stdin.end();
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
      rmSync(home, { recursive: true, force: true });
    },
  };
}
