// A gnome-keyring whose login keyring is locked and whose password prompt never answers: what a user sees when
// the unlock dialog sits unnoticed behind other windows. The prompt stand-in is a D-Bus service that is started
// but never takes its name, so gnome-keyring waits for it; it ends with the bus.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startSecretService, type SecretServiceSession } from '../../helpers/secret-service.ts';

export interface LockedKeyringSession extends SecretServiceSession {
  /** Restarts the keyring daemon without unlocking it: everything stored so far is behind the prompt. */
  lock(): void;
}

export async function startLockedKeyring(): Promise<LockedKeyringSession> {
  const session = await startSecretService({
    prepare({ home, XDG_DATA_HOME }) {
      const services = path.join(XDG_DATA_HOME, 'dbus-1', 'services');
      mkdirSync(services, { recursive: true });
      const prompter = path.join(home, 'silent-prompter.sh');
      // Its parent is the bus daemon that started it: it leaves when the bus does, and after 10 minutes at most.
      const waitForBusToEnd = 'while [ $i -lt 3000 ] && kill -0 "$PPID" 2>/dev/null; do sleep 0.2; i=$((i + 1)); done';
      writeFileSync(prompter, `i=0\n${waitForBusToEnd}\n`);
      for (const name of ['org.gnome.keyring.SystemPrompter', 'org.gnome.keyring.PrivatePrompter']) {
        writeFileSync(path.join(services, `${name}.service`), `[D-BUS Service]\nName=${name}\nExec=/bin/sh ${prompter}\n`);
      }
    },
  });
  return {
    ...session,
    lock() {
      const result = spawnSync('gnome-keyring-daemon', ['--replace', '--components=secrets', '--daemonize'], {
        env: { ...process.env, ...session.env, HOME: session.home },
        stdio: ['ignore', 'ignore', 'pipe'],
        timeout: 15_000,
      });
      if (result.status !== 0) throw new Error(`Could not restart gnome-keyring locked: ${result.stderr.toString().trim()}`);
    },
  };
}
