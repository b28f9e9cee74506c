// `vigil token --revoke-all`: every token signed before that moment stops working, at once and for good, without
// deleting the signing key. The moment is kept in the data dir (`tokens-valid-from`, epoch ms, mode 0600); the
// running service follows the file as it changes (a watch on the data dir, no polling), and a service started later
// reads it at start.
import { randomUUID } from 'node:crypto';
import { readFileSync, renameSync, rmSync, watch, writeFileSync, type FSWatcher } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../logger.ts';

export const revocationFileName = 'tokens-valid-from';

/** When the tokens still valid begin (epoch ms); 0 when nothing was ever revoked. A broken file revokes everything. */
export function readTokensValidFrom(dataDir: string): number {
  let text: string;
  try {
    text = readFileSync(path.join(dataDir, revocationFileName), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const validFrom = Number(text.trim());
  // A file someone damaged must not bring back what was revoked: the safe reading is "from now".
  return Number.isSafeInteger(validFrom) && validFrom >= 0 ? validFrom : Date.now();
}

/** Makes every token issued before `nowMs` invalid; written atomically, readable by the user only. */
export function revokeAllTokens(dataDir: string, nowMs = Date.now()): void {
  const file = path.join(dataDir, revocationFileName);
  const temporary = `${file}.${randomUUID()}.tmp`;
  try {
    writeFileSync(temporary, `${nowMs}\n`, { mode: 0o600, flag: 'wx' });
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** The service's view of the file, kept current while it runs. */
export class TokenRevocation {
  readonly #dataDir: string;
  readonly #logger: Logger;
  #validFrom: number;
  #watcher: FSWatcher | undefined;

  constructor(dataDir: string, logger: Logger) {
    this.#dataDir = dataDir;
    this.#logger = logger;
    this.#validFrom = readTokensValidFrom(dataDir);
    try {
      this.#watcher = watch(dataDir, { persistent: false }, (_event, name) => {
        if (name === null || name === revocationFileName) this.#reread();
      });
      this.#watcher.on('error', (error) => this.#logger.warn('The data folder can no longer be watched for revoked tokens; a restart applies a revocation.', { error: String(error) }));
    } catch (error) {
      this.#logger.warn('The data folder cannot be watched for revoked tokens; a restart applies a revocation.', { error: String(error) });
    }
  }

  /** Tokens issued before this moment (epoch ms) are refused. */
  get validFromMs(): number {
    return this.#validFrom;
  }

  close(): void {
    this.#watcher?.close();
  }

  #reread(): void {
    try {
      const validFrom = readTokensValidFrom(this.#dataDir);
      // Only ever later: a file removed or rewritten by hand never brings earlier tokens back while running.
      if (validFrom > this.#validFrom) {
        this.#validFrom = validFrom;
        this.#logger.warn('Every token issued before now was revoked; clients must use a new one.');
      }
    } catch (error) {
      this.#logger.warn('The revoked-tokens file could not be read.', { error: String(error) });
    }
  }
}
