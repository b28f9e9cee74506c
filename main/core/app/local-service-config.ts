// What the core keeps in the local service's config.json (in its data dir): the `smtp` the settings window edits,
// and the `port` chosen on the first start, remembered so heartbeat ping URLs survive restarts. Every other key of
// the file is kept as it is, and a file that is not a JSON object is left alone with a clear error. The password
// is never written here: it goes to the secret store, and from there to the service's environment.
import { randomUUID } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { SmtpView } from '../../../common/ipc/settings.ts';
import { checkPlainText, smtpServerFields } from '../../../common/smtp/smtp-server.ts';
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
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // The parser's message quotes the file, which may hold a password: it stays out of the sentence.
    throw new VigilCoreError(`${file} is not valid JSON, so Vigil leaves it as it is: fix it or remove it.`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new VigilCoreError(`${file} does not hold a JSON object, so Vigil leaves it as it is: fix it or remove it.`);
  }
  return { file, config: json as Record<string, unknown> };
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
