// What the core keeps in the local service's config.json (in its data dir): the `smtp` the settings window edits,
// and the `port` chosen on the first start, remembered so heartbeat ping URLs survive restarts. Every other key of
// the file is kept as it is, and a file that is not a JSON object is left alone with a clear error. The password
// is never written here: it goes to the secret store, and from there to the service's environment.
import { randomUUID } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { SmtpView } from '../../../common/ipc/settings.ts';
import { describeJsonSyntaxFault, readJsonText } from '../../../common/json-syntax.ts';
import { retypeSmtpPasswordReason, smtpDestination, type SmtpServerAddress } from '../../../common/smtp/smtp-destination.ts';
import { checkPlainText, SMTP_SECURITY, smtpServerFields } from '../../../common/smtp/smtp-server.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import { describeIssues } from '../storage/issues.ts';
import { VigilCoreError } from '../calls/call-error.ts';

/** The secret store account of the SMTP password; the colon keeps it apart from every connection id. */
export const localSmtpPasswordAccount = 'smtp:local';

export type LocalSmtp = Omit<SmtpView, 'passwordSaved'>;

/** The service's own rules for the fields shown; a hand-written password in the file is dropped, never shown. */
const localSmtpSchema = z
  .object({ ...smtpServerFields, user: z.string({ error: 'must be text' }).min(1, { error: 'must not be empty' }).optional() })
  .check(checkPlainText);

/** The saved SMTP server, or undefined when there is none; throws one sentence when the file is unusable. */
export function readLocalSmtp(dataDir: string): LocalSmtp | undefined {
  const { file, config } = readConfig(dataDir);
  if (config.smtp === undefined) return undefined;
  const result = localSmtpSchema.safeParse(config.smtp);
  if (result.success) return result.data;
  const problem = describeIssues(result.error.issues).replace(/\.$/, '');
  throw new VigilCoreError(`The SMTP server saved in ${file} is invalid (${problem}); save it again to replace it.`);
}

/** Saves the SMTP server (undefined removes it), keeping the rest of the file; written atomically, mode 0600. */
export function writeLocalSmtp(dataDir: string, smtp: LocalSmtp | undefined): void {
  const { file, config } = readConfig(dataDir);
  const { smtp: _replaced, ...rest } = config;
  writeAtomically(file, `${JSON.stringify(smtp === undefined ? rest : { ...rest, smtp }, null, 2)}\n`);
}

/** The SMTP password as the secret store keeps it: with the server it was saved for, so it goes to no other. */
export interface SavedSmtpPassword {
  password: string;
  /** Undefined when that server is unknown: then the password goes to none. */
  savedFor: SmtpServerAddress | undefined;
}

const savedSmtpPasswordSchema = z.strictObject({
  password: z.string(),
  savedFor: z.strictObject({ host: z.string(), port: z.number(), security: z.enum(SMTP_SECURITY), user: z.string().optional() }),
});

/**
 * The saved SMTP password, or undefined when none is saved. One saved before Vigil kept the server with it (the
 * bare password) is taken as saved for the server config.json names now: the only one it can have been meant for.
 */
export async function readSmtpPassword(secrets: SecretStore, dataDir: string): Promise<SavedSmtpPassword | undefined> {
  const stored = await secrets.get(localSmtpPasswordAccount);
  if (stored === undefined) return undefined;
  const saved = savedSmtpPasswordSchema.safeParse(parsedOrText(stored));
  return saved.success ? saved.data : { password: stored, savedFor: smtpServerOrNone(dataDir) };
}

/** Saves the password together with the server it is for. */
export async function saveSmtpPassword(secrets: SecretStore, smtp: SmtpServerAddress, password: string): Promise<void> {
  const saved: SavedSmtpPassword = { password, savedFor: smtpDestination(smtp) };
  await secrets.set(localSmtpPasswordAccount, JSON.stringify(saved));
}

/** The saved password if `smtp` is the server it was saved for; otherwise it is not sent (undefined). */
export function smtpPasswordFor(saved: SavedSmtpPassword | undefined, smtp: SmtpServerAddress | undefined): string | undefined {
  if (saved === undefined || smtp === undefined) return undefined;
  return retypeSmtpPasswordReason(saved.savedFor, smtp) === undefined ? saved.password : undefined;
}

function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The saved SMTP server, or undefined when there is none or it cannot be read. */
export function smtpServerOrNone(dataDir: string): LocalSmtp | undefined {
  try {
    return readLocalSmtp(dataDir);
  } catch {
    return undefined;
  }
}

/** The port the service listens on when it can (the service's own default until one is remembered). */
export function readLocalServicePort(dataDir: string): number | undefined {
  const { port } = readConfig(dataDir).config;
  return typeof port === 'number' && Number.isInteger(port) && port > 0 && port <= 65_535 ? port : undefined;
}

/** Remembers the port the service got on its first start, keeping the rest of the file. */
export function rememberLocalServicePort(dataDir: string, port: number): void {
  const { file, config } = readConfig(dataDir);
  writeAtomically(file, `${JSON.stringify({ ...config, port }, null, 2)}\n`);
}

function readConfig(dataDir: string): { file: string; config: Record<string, unknown> } {
  // The service's settings file (service/service-config.ts).
  const file = path.join(dataDir, 'config.json');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { file, config: {} };
    throw new VigilCoreError(`Vigil cannot read ${file}: ${reasonOf(error)}.`);
  }
  // The parser's message quotes the file, which may hold a password: only the place it breaks is told.
  const json = readJsonText(text);
  if (!json.ok) {
    throw new VigilCoreError(`${file} is not valid JSON at ${describeJsonSyntaxFault(json.fault)}, so Vigil leaves it as it is: fix it or remove it.`);
  }
  const config = json.value;
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw new VigilCoreError(`${file} does not hold a JSON object, so Vigil leaves it as it is: fix it or remove it.`);
  }
  return { file, config: config as Record<string, unknown> };
}

/** A temporary file beside the target, flushed, then renamed over it: a crash leaves the old file or the new. */
function writeAtomically(file: string, text: string): void {
  const temporary = `${file}.${randomUUID()}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const descriptor = openSync(temporary, 'wx', 0o600);
    try {
      writeFileSync(descriptor, text);
      fsyncSync(descriptor);
    } finally {
      closeSync(descriptor);
    }
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new VigilCoreError(`Vigil could not save ${file}: ${reasonOf(error)}.`);
  }
}

function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/[.!]+$/, '');
}
