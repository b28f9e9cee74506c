// The one call server behind both transports: the order of its checks, and every failure translated once, into
// the same VigilCallError whichever transport carries it.
import { describe, expect, it, vi } from 'vitest';
import type { CoreCalls, VigilMethod } from '../../../common/ipc/contract.ts';
import { MonitoringClientError } from '../../../main/core/api/index.ts';
import { VigilCoreError } from '../../../main/core/calls/call-error.ts';
import { serveCall, trustedSender } from '../../../main/core/calls/serve-call.ts';
import { KeychainUnavailableError } from '../../../main/core/secrets/secret-store.ts';
import { InvalidValueError, StoreFileError } from '../../../main/core/storage/json-file-store.ts';
import { recordingLogger } from '../../helpers/recording-logger.ts';

type AnyCall = (...args: unknown[]) => Promise<unknown>;

function coreCalls(overrides: Partial<Record<VigilMethod, AnyCall>> = {}): CoreCalls {
  return new Proxy({}, { get: (_target, name: string) => overrides[name as VigilMethod] ?? (async () => `${name} done`) }) as CoreCalls;
}

/** What a method that throws `error` answers. */
async function answerTo(error: unknown, logger = recordingLogger()) {
  const calls = coreCalls({
    refreshNow: async () => {
      throw error;
    },
  });
  return serveCall(calls, 'refreshNow', [], trustedSender, logger);
}

describe('serveCall', () => {
  it('runs the method with the arguments as the contract parsed them, and answers with its value', async () => {
    const createMonitor = vi.fn(async (connectionId: unknown, input: unknown) => ({ connectionId, input }));
    const answer = await serveCall(coreCalls({ createMonitor }), 'createMonitor', ['work', { name: ' API ', type: 'http', url: 'https://a.example', frequency: 60 }], trustedSender, recordingLogger());
    expect(answer).toEqual({ ok: true, value: { connectionId: 'work', input: { name: 'API', type: 'http', url: 'https://a.example', frequency: 60 } } });
    expect(createMonitor).toHaveBeenCalledTimes(1);
  });

  it('refuses a sender first, before the method or the arguments are looked at, and logs why', async () => {
    const logger = recordingLogger();
    const answer = await serveCall(coreCalls(), 'no such method', 42, { refusal: 'the call came from a subframe' }, logger);
    expect(answer).toEqual({ ok: false, error: { code: 'forbidden', message: 'This page may not use Vigil.' } });
    expect(logger.entries).toEqual([{ level: 'warn', message: 'Refused a call of no such method: the call came from a subframe.', fields: undefined }]);
  });

  it('refuses an unknown method and bad arguments without calling the core', async () => {
    const snooze = vi.fn(async () => undefined);
    const calls = coreCalls({ snooze });
    expect(await serveCall(calls, 'constructor', [], trustedSender, recordingLogger())).toMatchObject({ ok: false, error: { code: 'unknown-method' } });
    expect(await serveCall(calls, 'snooze', ['work/monitor:1', '2h'], trustedSender, recordingLogger())).toMatchObject({
      ok: false,
      error: { code: 'invalid-arguments', details: [{ field: '1' }] },
    });
    // An item key without its server is not enough: two servers may hold monitor 1.
    expect(await serveCall(calls, 'snooze', ['monitor:1', '1h'], trustedSender, recordingLogger())).toMatchObject({
      ok: false,
      error: { code: 'invalid-arguments', details: [{ field: '0', message: 'must be a server item key like "work/monitor:42"' }] },
    });
    expect(await serveCall(calls, 'listMonitors', ['../x'], trustedSender, recordingLogger())).toMatchObject({
      ok: false,
      error: { code: 'invalid-arguments', details: [{ field: '0', message: 'must be the id of a connection' }] },
    });
    expect(snooze).not.toHaveBeenCalled();
  });

  it.each([
    ['a VigilCoreError, whole', new VigilCoreError('The monitor was not saved: url is taken.', { details: [{ field: '0.url', message: 'is taken' }] }), { code: 'failed', message: 'The monitor was not saved: url is taken.', details: [{ field: '0.url', message: 'is taken' }] }],
    ['an error of the contract\'s shape, its details checked', { code: 'forbidden', message: 'Not here.', details: [{ field: 'x', message: 'no' }, { nonsense: true }] }, { code: 'forbidden', message: 'Not here.', details: [{ field: 'x', message: 'no' }] }],
    ['the client\'s error, in its words, with the server\'s field details', new MonitoringClientError({ kind: 'bad-request', status: 400, message: 'The server refused POST /monitors (HTTP 400): url is invalid.', details: [{ field: 'url', message: 'is invalid' }] }), { code: 'failed', message: 'The server refused POST /monitors (HTTP 400): url is invalid.', details: [{ field: 'url', message: 'is invalid' }] }],
    ['a keychain that is not there', new KeychainUnavailableError('it is locked'), { code: 'failed', message: new KeychainUnavailableError('it is locked').message }],
    ['a settings file that cannot be read', new StoreFileError('settings.json cannot be read: it is a folder.'), { code: 'failed', message: 'settings.json cannot be read: it is a folder.' }],
    ['a settings value the file refuses', new InvalidValueError('pollIntervalSeconds must be at least 10.'), { code: 'failed', message: 'The settings were not changed: pollIntervalSeconds must be at least 10.' }],
    ['any other error, its first line only', new Error('Something broke\n    at secret/internal/file.ts:1:1'), { code: 'failed', message: 'Something broke' }],
    ['something thrown that is not an error', 'not an error', { code: 'failed', message: 'The call failed inside Vigil.' }],
  ])('translates %s', async (_name, thrown, expected) => {
    const answer = await answerTo(thrown);
    expect(answer).toEqual({ ok: false, error: expected });
    expect(JSON.stringify(answer)).not.toContain('internal');
  });

  it('clips a long message to one bounded sentence, and caps the field details', async () => {
    const answer = await answerTo(new VigilCoreError('x'.repeat(2000), { details: Array.from({ length: 80 }, (_, index) => ({ field: `f${index}`, message: 'bad' })) }));
    if (answer.ok) throw new Error('the call succeeded');
    expect(answer.error.message).toHaveLength(300);
    expect(answer.error.message.endsWith('…')).toBe(true);
    expect(answer.error.details).toHaveLength(50);
  });

  it('logs what is not the user\'s doing, and never the arguments of a call', async () => {
    const logger = recordingLogger();
    const calls = coreCalls({
      setConnectionToken: async () => {
        throw new Error('The keychain is locked.\n    at keyring.node');
      },
    });
    await serveCall(calls, 'setConnectionToken', ['c1', 'tok.hush.value'], trustedSender, logger);
    expect(logger.entries.map(({ level, message }) => ({ level, message }))).toEqual([
      { level: 'error', message: 'setConnectionToken failed unexpectedly.' },
      { level: 'warn', message: 'A call of setConnectionToken failed.' },
    ]);
    expect(logger.text()).toContain('The keychain is locked.');
    expect(logger.text()).not.toContain('hush');
    expect(logger.text()).not.toContain('keyring.node');
  });
});
