// A locked keychain whose unlock prompt nobody answers: every call ends within the store's timeout with a clear
// error, and calls made while the keychain is still stuck fail at once instead of piling up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyringSecretStore } from '../../../main/core/secrets/keyring-secret-store.ts';
import { KeychainUnavailableError } from '../../../main/core/secrets/secret-store.ts';
import { secretServiceMissingReason } from '../../helpers/secret-service.ts';
import { startLockedKeyring, type LockedKeyringSession } from './locked-keyring.ts';

const missing = secretServiceMissingReason();
if (missing) console.log(`Skipping locked keychain tests: ${missing}.`);

describe.skipIf(missing)('a locked keychain whose prompt is never answered', () => {
  let session: LockedKeyringSession;
  const store = new KeyringSecretStore({ service: 'Vigil test', timeoutMs: 1_500 });

  beforeAll(async () => {
    session = await startLockedKeyring();
    Object.assign(process.env, session.env);
    await store.set('c1', 'stored-while-unlocked');
    session.lock();
  });
  afterAll(async () => {
    // Closing the bus ends the call that is still waiting on the prompt.
    await session?.stop();
  });

  // One story in two steps: the second call is refused because the first is still waiting on the prompt.
  it('gives up after the timeout with one clear sentence, then fails further calls at once while that one waits', async () => {
    const error: unknown = await store.get('c1').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(KeychainUnavailableError);
    expect((error as Error).message).toBe(
      'The OS keychain (Secret Service) is not available: it did not answer within 1.5 seconds (it may be locked and ' +
        'waiting for a password). Vigil can keep the token in memory for this session only.',
    );

    await expect(store.set('c2', 'new-token')).rejects.toThrow(
      'The OS keychain (Secret Service) is not available: it has not answered an earlier request yet (it may be ' +
        'locked and waiting for a password). Vigil can keep the token in memory for this session only.',
    );
  });
});
