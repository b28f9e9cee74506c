// The keychain store against the real OS keychain: gnome-keyring's Secret Service on a private D-Bus session.
// The keyring library reads the bus address when it connects, so the no-keychain cases are in other files.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyringSecretStore } from '../../../main/core/secrets/keyring-secret-store.ts';
import { openSecretStore } from '../../../main/core/secrets/open-secret-store.ts';
import { FileSettingsStore } from '../../../main/core/settings/settings-store.ts';
import {
  secretServiceMissingReason,
  startSecretService,
  type SecretServiceSession,
} from '../../helpers/secret-service.ts';
import { recordingLogger } from '../../helpers/recording-logger.ts';
import { filesContaining } from '../storage/files-containing.ts';

const missing = secretServiceMissingReason();
if (missing) console.log(`Skipping OS keychain tests: ${missing}.`);

describe.skipIf(missing)('KeyringSecretStore (gnome-keyring Secret Service)', () => {
  let session: SecretServiceSession;
  // A service name of its own, so nothing here could meet a real Vigil entry.
  const store = new KeyringSecretStore({ service: 'Vigil test', timeoutMs: 10_000 });

  beforeAll(async () => {
    session = await startSecretService();
    Object.assign(process.env, session.env);
  });
  afterAll(async () => {
    await session?.stop();
  });

  it('says what it is', () => {
    expect(store.kind).toBe('os-keychain');
  });

  it('stores, reads back and deletes a secret', async () => {
    await store.set('round-trip', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ0ZXN0In0.c2lnbmF0dXJl');
    expect(await store.get('round-trip')).toBe('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ0ZXN0In0.c2lnbmF0dXJl');
    expect(await store.delete('round-trip')).toBe(true);
    expect(await store.get('round-trip')).toBeUndefined();
  });

  it('overwrites a secret and keeps accounts apart', async () => {
    await store.set('a', 'first');
    await store.set('b', 'other');
    await store.set('a', 'second');
    expect(await store.get('a')).toBe('second');
    expect(await store.get('b')).toBe('other');
    await store.delete('a');
    await store.delete('b');
  });

  it('keeps unicode and a 4 KB token intact', async () => {
    const unicode = 'tökén ✓ 🔑 名前 \u{10FFFF}';
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const large = Array.from({ length: 4096 }, (_, index) => alphabet[index % alphabet.length]).join('');
    expect(large).toHaveLength(4096);
    await store.set('unicode', unicode);
    await store.set('large', large);
    expect(await store.get('unicode')).toBe(unicode);
    expect(await store.get('large')).toBe(large);
    await store.delete('unicode');
    await store.delete('large');
  });

  it('reports a missing secret as undefined and a second delete as false', async () => {
    expect(await store.get('never-set')).toBeUndefined();
    await store.set('twice', 'x');
    expect(await store.delete('twice')).toBe(true);
    expect(await store.delete('twice')).toBe(false);
  });

  it('runs calls side by side', async () => {
    const accounts = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
    await Promise.all(accounts.map((account) => store.set(account, `secret-${account}`)));
    const read = await Promise.all(accounts.map((account) => store.get(account)));
    expect(read).toEqual(accounts.map((account) => `secret-${account}`));
    expect(await Promise.all(accounts.map((account) => store.delete(account)))).toEqual(accounts.map(() => true));
  });

  it('is what openSecretStore chooses when the keychain answers, and it logs nothing', async () => {
    const logger = recordingLogger();
    const opened = await openSecretStore({ onUnavailable: 'fail', logger, service: 'Vigil test' });
    expect(opened.kind).toBe('os-keychain');
    expect(logger.entries).toEqual([]);
  });

  it('keeps the token out of every file in plain text: settings folder and keyring files alike', async () => {
    const token = 'vigil_tok_Hq7Vn2Xc5Lp8Rw3Zk6Jd9Tb4';
    const configDir = mkdtempSync(path.join(tmpdir(), 'vigil-config-'));
    try {
      const logger = recordingLogger();
      const secrets = await openSecretStore({ onUnavailable: 'fail', logger, service: 'Vigil test' });
      const settings = new FileSettingsStore({ directory: configDir, logger });
      const connection = { id: 'c1', name: 'Lab', baseUrl: 'http://127.0.0.1:8731/api', kind: 'local', sourceKind: 'vigil', enabled: true } as const;
      settings.update((current) => ({ ...current, connections: [connection] }));
      await secrets.set(connection.id, token);
      expect(await secrets.get(connection.id)).toBe(token);
      expect(filesContaining(configDir, token)).toEqual([]);
      // gnome-keyring keeps its keyrings (encrypted) under XDG_DATA_HOME: they are there, without the token.
      expect(readdirSync(path.join(session.env.XDG_DATA_HOME, 'keyrings'))).toContain('login.keyring');
      expect(filesContaining(session.env.XDG_DATA_HOME, token)).toEqual([]);
      expect(logger.text()).not.toContain(token);
      await secrets.delete(connection.id);
    } finally {
      rmSync(configDir, { recursive: true, force: true });
    }
  });
});
