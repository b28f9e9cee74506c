// The contract's local-service calls: the embedded service's SMTP server (config.json in its data dir, the
// password in the secret store under `smtp:local`), saved and then picked up by a restart of the service; and one
// test email through it. A shell without a local service has nothing to set or test.
import type { CheckedArgs, CoreCalls } from '../../../common/ipc/contract.ts';
import type { LocalServiceView } from '../../../common/ipc/settings.ts';
import type { CoreRuntime } from '../app/core-runtime.ts';
import { retypeSmtpPasswordReason } from '../../../common/smtp/smtp-destination.ts';
import {
  localSmtpPasswordAccount,
  readLocalSmtp,
  readSmtpPassword,
  saveSmtpPassword,
  smtpPasswordFor,
  writeLocalSmtp,
  type LocalSmtp,
  type SavedSmtpPassword,
} from '../app/local-service-config.ts';
import type { LocalServiceLauncher } from '../app/local-service-launcher.ts';
import { KeychainUnavailableError } from '../secrets/secret-store.ts';
import { VigilCoreError } from './call-error.ts';
type SmtpInput = NonNullable<CheckedArgs<'setLocalSmtp'>[0]>;

export function localServiceCalls(runtime: CoreRuntime) {
  const { secrets } = runtime;
  /**
   * Saves and test emails run one after another, so the file, the password and the restart always belong
   * together, and a test never pairs a half-saved file with the old password.
   */
  let queue: Promise<unknown> = Promise.resolve();

  function queued<T>(run: () => Promise<T>): Promise<T> {
    const done = queue.then(run);
    queue = done.catch(() => undefined);
    return done;
  }

  function launcherFor(purpose: string): LocalServiceLauncher {
    const launcher = runtime.localService;
    if (launcher === undefined) throw new VigilCoreError(`Vigil runs no local monitoring service here, so there is no SMTP server to ${purpose}.`);
    return launcher;
  }

  /** The saved password and the server it is for, registered as a secret first, so no log line can show it. */
  async function savedPassword(dataDir: string): Promise<SavedSmtpPassword | undefined> {
    const saved = await readSmtpPassword(secrets, dataDir);
    if (saved !== undefined) runtime.onSecret(saved.password);
    return saved;
  }

  /** A file or keychain that cannot be read is a problem the form shows, not a failure: saving may fix it. */
  async function view(dataDir: string): Promise<LocalServiceView> {
    let smtp: LocalSmtp | undefined;
    try {
      smtp = readLocalSmtp(dataDir);
    } catch (error) {
      return { available: true, problem: messageOf(error) };
    }
    if (smtp === undefined) return { available: true };
    try {
      // Saved for another server, it is as good as none here: it would not be sent.
      return { available: true, smtp: { ...smtp, passwordSaved: smtpPasswordFor(await savedPassword(dataDir), smtp) !== undefined } };
    } catch (error) {
      const problem = `Vigil cannot tell whether an SMTP password is saved, because the system keychain could not be read: ${keychainReason(error)}.`;
      return { available: true, smtp: { ...smtp, passwordSaved: false }, problem };
    }
  }

  async function save(dataDir: string, input: SmtpInput | null): Promise<void> {
    if (input === null) {
      writeLocalSmtp(dataDir, undefined);
      await secrets.delete(localSmtpPasswordAccount);
      return;
    }
    const { password, ...smtp } = input;
    if (typeof password === 'string') runtime.onSecret(password);
    // The service takes a user only with a password, and a password only with a user.
    const saved = await savedPassword(dataDir);
    if (smtp.user !== undefined && password === null) {
      throw invalidField('password', 'cannot be removed while a user name is set', 'the password cannot be removed while a user name is set');
    }
    if (smtp.user !== undefined && password === undefined && saved === undefined) {
      throw invalidField('password', 'must be given with a user name: none is saved', 'a user name needs a password, and none is saved');
    }
    // The saved password is kept only for the server it was saved for: pointing the form elsewhere asks for it again.
    const retype = smtp.user !== undefined && password === undefined ? retypeSmtpPasswordReason(saved?.savedFor, smtp) : undefined;
    if (retype !== undefined) throw invalidField('password', `must be typed again: ${retype}`, `the password must be typed again: ${retype}`);
    if (smtp.user === undefined && typeof password === 'string') {
      throw invalidField('user', 'must be given with a password', 'a password needs a user name');
    }
    // The file first: if it cannot be written, the saved password has not changed either. If the password then
    // cannot be saved, the old one stays tied to the old server, so it is not sent to the new one.
    writeLocalSmtp(dataDir, smtp);
    if (smtp.user === undefined) await secrets.delete(localSmtpPasswordAccount);
    else if (typeof password === 'string') await saveSmtpPassword(secrets, smtp, password);
  }

  return {
    async getLocalService() {
      const launcher = runtime.localService;
      return launcher === undefined ? { available: false } : view(launcher.dataDir);
    },

    async setLocalSmtp(input) {
      const { dataDir } = launcherFor('set');
      return queued(async () => {
        await save(dataDir, input);
        await runtime.restartLocalService();
        return view(dataDir);
      });
    },

    async sendTestEmail({ to }) {
      const launcher = launcherFor('test');
      return queued(async () => {
        const smtp = readLocalSmtp(launcher.dataDir);
        if (smtp === undefined) {
          return { ok: false, message: "No SMTP server is set up: save the local monitoring service's SMTP server first." };
        }
        const saved = await savedPassword(launcher.dataDir);
        const smtpPassword = smtpPasswordFor(saved, smtp);
        if (saved !== undefined && smtpPassword === undefined && smtp.user !== undefined) {
          const reason = retypeSmtpPasswordReason(saved.savedFor, smtp) ?? '';
          return { ok: false, message: `The saved SMTP password was not sent to ${smtp.host}:${smtp.port}: ${reason}. Type it again in the email server form.` };
        }
        return launcher.sendTestEmail(to, { smtpPassword });
      });
    },
  } satisfies Partial<CoreCalls>;
}

/** A refusal the form shows next to the field (`0.<field>`: the first argument's field), as checkedBaseUrl does. */
function invalidField(field: 'user' | 'password', message: string, sentence: string): VigilCoreError {
  return new VigilCoreError(`The SMTP server was not saved: ${sentence}.`, { details: [{ field: `0.${field}`, message }] });
}

/** Why the keychain failed, to be placed after a colon (its own message is two sentences about tokens). */
function keychainReason(error: unknown): string {
  return error instanceof KeychainUnavailableError ? error.reason : messageOf(error).replace(/[.!]+$/, '');
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
