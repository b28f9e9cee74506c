// The service's token signing key: 256 random bits, created on first start, readable only by the user.
import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const signingKeyFileName = 'signing-key';
const keyBytes = 32;

export function loadOrCreateSigningKey(dataDir: string): Uint8Array {
  const file = path.join(dataDir, signingKeyFileName);
  try {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
    if (key.length !== keyBytes) throw new Error(`${file} does not hold a ${keyBytes * 8}-bit key; delete it to make a new one`);
    if (process.platform !== 'win32' && (statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    return new Uint8Array(key);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(keyBytes);
  // `wx` fails if another process created the key first; then that key wins and is read back.
  try {
    writeFileSync(file, `${key.toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreateSigningKey(dataDir);
    throw error;
  }
  return new Uint8Array(key);
}
