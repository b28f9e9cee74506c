// No keychain at all: the session bus address points at a socket that does not exist. (The keyring library reads
// the address when it connects, so this file runs in a process of its own, apart from the real-keychain tests.)
import { beforeAll, describe, expect, it } from 'vitest';
import { KeyringSecretStore } from '../../../main/core/secrets/keyring-secret-store.ts';
import { openSecretStore } from '../../../main/core/secrets/open-secret-store.ts';
import { KeychainUnavailableError } from '../../../main/core/secrets/secret-store.ts';
import { recordingLogger } from '../../helpers/recording-logger.ts';

const notLinux = process.platform !== 'linux';
if (notLinux) console.log('Skipping missing-keychain tests: they take away the Secret Service, which is Linux-only.');

describe.skipIf(notLinux)('without a keychain', () => {
  beforeAll(() => {
    process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/vigil-test-bus';
  });

  // The timeout bounds every call; these fail at once because nothing answers the connection.
  const store = new KeyringSecretStore({ service: 'Vigil test', timeoutMs: 5_000 });

  it.each([
    ['get', () => store.get('c1')],
    ['set', () => store.set('c1', 'token-value')],
    ['delete', () => store.delete('c1')],
  ])('%s fails with one clear sentence', async (_name, call) => {
    const error: unknown = await call().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(KeychainUnavailableError);
    const { message, reason } = error as KeychainUnavailableError;
    expect(message).toMatch(/^The OS keychain \(Secret Service\) is not available: .+\. Vigil can keep the token /);
    expect(message).toMatch(/ in memory for this session only\.$/);
    expect(reason).toContain('/nonexistent/vigil-test-bus');
    expect(message).not.toContain('\n');
    expect(message).not.toContain('token-value');
  });

  it('openSecretStore falls back to a memory store when the caller chose that, and logs a warning', async () => {
    const logger = recordingLogger();
    const store = await openSecretStore({ onUnavailable: 'memory', logger, service: 'Vigil test', timeoutMs: 5_000 });
    expect(store.kind).toBe('memory');
    await store.set('c1', 'session-only');
    expect(await store.get('c1')).toBe('session-only');
    expect(logger.entries).toEqual([
      {
        level: 'warn',
        message: expect.stringMatching(
          /^The OS keychain \(Secret Service\) is not available, so tokens are kept in memory for this session only: /,
        ),
        fields: undefined,
      },
    ]);
  });

  it('openSecretStore throws the clear error when the caller wants to ask the user first', async () => {
    const logger = recordingLogger();
    const opening = openSecretStore({ onUnavailable: 'fail', logger, service: 'Vigil test', timeoutMs: 5_000 });
    await expect(opening).rejects.toThrow(KeychainUnavailableError);
    expect(logger.entries).toEqual([]);
  });
});
