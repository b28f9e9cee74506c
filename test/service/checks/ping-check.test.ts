import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCheck, type CheckOptions } from '../../../service/checks/run-check.ts';
import { FakeClock } from '../scheduler/fake-clock.ts';

const ping = (url: string, options: CheckOptions = {}) => runCheck({ type: 'ping', url }, { timeoutMs: 3_000, ...options });
const posixOnly = process.platform === 'win32' ? describe.skip : describe;

describe('ping check', () => {
  it('is up for 127.0.0.1 with the system ping', async () => {
    const result = await ping('127.0.0.1');
    expect(result).toMatchObject({ ok: true });
    expect(result.durationMs).toBeLessThan(3_000);
  });

  it('is down with a clear reason when ping is missing', async () => {
    expect(await ping('127.0.0.1', { pingCommand: '/nonexistent/vigil/ping' })).toEqual({
      ok: false,
      durationMs: expect.any(Number),
      error: 'down: ping not available',
    });
  });

  it('refuses a host that ping would read as an option', async () => {
    expect(await ping('-f')).toMatchObject({ ok: false, error: 'invalid ping target "-f"' });
    expect(await ping('127.0.0.1 -f')).toMatchObject({ ok: false, error: 'invalid ping target "127.0.0.1 -f"' });
  });
});

// Stand-ins for a ping that gets no answer: real processes, since 127.0.0.1 always answers.
posixOnly('ping check with a stand-in binary', () => {
  let directory: string;
  const script = async (name: string, body: string) => {
    const path = join(directory, name);
    await writeFile(path, `#!/bin/sh\n${body}\n`);
    await chmod(path, 0o755);
    return path;
  };
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'vigil-ping-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('is down when ping exits without a reply', async () => {
    const noReply = await script('no-reply', 'echo "1 packets transmitted, 0 received, 100% packet loss"; exit 1');
    expect(await ping('127.0.0.1', { pingCommand: noReply })).toMatchObject({ ok: false, error: 'no reply to ping' });
  });

  it('says when the host name does not resolve', async () => {
    const unknown = await script('unknown', 'echo "ping: nowhere.invalid: Name or service not known" >&2; exit 2');
    expect(await ping('nowhere.invalid', { pingCommand: unknown })).toMatchObject({ ok: false, error: 'host not found' });
  });

  it('stops a ping that outlives the timeout', async () => {
    // The stand-in writes its process id (kept by exec) and then sleeps far beyond the test's own time limit.
    const pidFile = join(directory, 'hanging.pid');
    const hanging = await script('hanging', `echo $$ > '${pidFile}'; exec sleep 30`);
    const clock = new FakeClock();
    const pending = ping('127.0.0.1', { pingCommand: hanging, timeoutMs: 300, clock });
    const pid = await vi.waitFor(
      async () => {
        const written = Number.parseInt(await readFile(pidFile, 'utf8'), 10);
        expect(written).toBeGreaterThan(0);
        return written;
      },
      { timeout: 10_000, interval: 10 },
    );
    await clock.advance(300);
    expect(await pending).toMatchObject({ ok: false, error: 'timed out after 0.3 s' });
    // The sleeping process is gone, not left to run out its 30 s.
    await vi.waitFor(() => expect(() => process.kill(pid, 0)).toThrow(), { timeout: 5_000, interval: 10 });
  });
});
