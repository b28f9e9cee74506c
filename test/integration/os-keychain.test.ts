// A real round trip through the OS keychain: gnome-keyring's Secret Service on a private D-Bus session.
import { AsyncEntry } from '@napi-rs/keyring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretServiceMissingReason, startSecretService, type SecretServiceSession } from '../helpers/secret-service.ts';

const missing = secretServiceMissingReason();
if (missing) console.log(`Skipping OS keychain tests: ${missing}.`);

describe.skipIf(missing)('OS keychain (gnome-keyring Secret Service)', () => {
  let session: SecretServiceSession;

  beforeAll(async () => {
    session = await startSecretService();
    // The keyring library reads the bus address from this process's environment when it connects.
    Object.assign(process.env, session.env);
  });
  afterAll(async () => {
    await session?.stop();
  });

  const entry = (account: string) => new AsyncEntry('Vigil test', account, { linux: { store: 'secret-service' } });
  const within = () => AbortSignal.timeout(10_000);

  it('stores, reads back and deletes a secret', async () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ0ZXN0In0.c2lnbmF0dXJl';
    await entry('round-trip').setPassword(token, within());
    expect(await entry('round-trip').getPassword(within())).toBe(token);
    expect(await entry('round-trip').deleteCredential(within())).toBe(true);
    expect(await entry('round-trip').getPassword(within())).toBeNull();
  });

  it('keeps secrets of different accounts apart and handles unicode', async () => {
    await entry('a').setPassword('first ✓', within());
    await entry('b').setPassword('second', within());
    expect(await entry('a').getPassword(within())).toBe('first ✓');
    expect(await entry('b').getPassword(within())).toBe('second');
    await entry('a').deleteCredential(within());
    await entry('b').deleteCredential(within());
  });

  it('reports a missing secret as null and a second delete as false', async () => {
    expect(await entry('never-set').getPassword(within())).toBeNull();
    expect(await entry('never-set').deleteCredential(within())).toBe(false);
  });
});
