// A full disk under the data dir. The data dir is a small real filesystem: a tmpfs mounted for this test (root
// only). It starts with room, a file then fills it: the service must say so once in its log and under
// /capabilities, keep checking and send the down alert to a real webhook receiver, and save history again by
// itself once the file is gone. Without the right to mount (not root, or in a container that forbids it) the test
// is skipped with the reason printed, rather than faked with a disk that is not full.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateSigningKey } from '../../../service/auth/signing-key.ts';
import { issueToken } from '../../../service/auth/tokens.ts';
import { startHttpTarget, type HttpTarget } from '../../helpers/local-targets.ts';
import { advanceUntil, manualClock, type ManualClock } from '../../helpers/manual-clock.ts';
import { recordingLogger, type RecordingLogger } from '../../helpers/recording-logger.ts';
import { startTestService, type ApiResponse, type TestService } from '../../helpers/service-harness.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver.ts';

const mountPoint = mkdtempSync(path.join(tmpdir(), 'vigil-full-disk-'));

function mountSmallDisk(): string | undefined {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m,mode=0700', 'tmpfs', mountPoint], { stdio: 'pipe' });
    return undefined;
  } catch (error) {
    rmSync(mountPoint, { recursive: true, force: true });
    return (error as { stderr?: Buffer }).stderr?.toString().trim() || String(error);
  }
}

const cannotMount = mountSmallDisk();
if (cannotMount) console.warn(`Skipping the full-disk test: cannot mount a small tmpfs as the data dir (${cannotMount}).`);

describe.skipIf(cannotMount !== undefined)('a full disk', () => {
  const filler = path.join(mountPoint, 'filler');
  let clock: ManualClock;
  let logger: RecordingLogger;
  let service: TestService;
  let target: HttpTarget;
  let webhook: WebhookReceiver;
  let token: string;
  const api = (pathAndQuery: string, init: Parameters<TestService['api']>[1] = {}): Promise<ApiResponse> => service.api(pathAndQuery, { token, ...init });


  const problems = async () => ((await api('/capabilities')).json as { problems: string[] }).problems;

  /** Writes until the filesystem refuses: nothing is left for the service. */
  function fillTheDisk(): void {
    const fd = openSync(filler, 'w');
    const chunk = Buffer.alloc(64 * 1024, 1);
    try {
      for (;;) writeSync(fd, chunk);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      // The last partial chunk may leave a few bytes; take them too.
      try {
        for (;;) writeSync(fd, chunk, 0, 512);
      } catch {
        // full
      }
    } finally {
      closeSync(fd);
    }
  }

  beforeAll(async () => {
    [target, webhook] = await Promise.all([startHttpTarget(), startWebhookReceiver()]);
    clock = manualClock(Date.UTC(2026, 10, 2, 10, 0));
    logger = recordingLogger();
    service = await startTestService({ dataDir: path.join(mountPoint, 'data'), failuresToConfirmDown: 1 }, { clock, logger });
    token = await issueToken(loadOrCreateSigningKey(service.dataDir), 86_400);
    await api('/notifications', { method: 'POST', body: { name: 'hook', type: 'webhook', destination: webhook.url } });
  });

  afterAll(async () => {
    await service?.stop();
    await Promise.all([target?.close(), webhook?.close()]);
    execFileSync('umount', [mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  });

  it('says so, keeps checking and alerting, and saves history again once there is room', async () => {
    const created = await api('/monitors', { method: 'POST', body: { name: 'Shop', type: 'http', url: target.url, frequency: 10 } });
    const id = (created.json as { id: string }).id;
    const monitor = async () => (await api(`/monitors/${id}`)).json as { last_status: string; last_checked_at?: string };
    await advanceUntil(clock, async () => (await monitor()).last_status === 'up');

    fillTheDisk();
    await advanceUntil(clock, async () => (await problems()).length > 0);
    expect(await problems()).toEqual(['History is not being saved: the disk is full.']);
    const errors = logger.entries.filter((entry) => entry.level === 'error' && entry.message.startsWith('History is not being saved'));
    expect(errors.map((entry) => entry.message)).toEqual([
      'History is not being saved: the disk is full. Checks and alerts go on; saving resumes by itself once it can.',
    ]);

    // The monitor goes down while nothing can be saved: the alert still goes out, and the API says so.
    target.setUp(false);
    await advanceUntil(clock, async () => webhook.requests.length > 0);
    expect(webhook.requests[0]?.body).toMatchObject({ event: 'monitor.down', subject: { id, last_status: 'down' } });
    // Saved statuses go in half-second batches; the disk refuses it, yet every answer shows it.
    await advanceUntil(clock, async () => (await monitor()).last_status === 'down', { maxSeconds: 5 });
    // Later checks are refused too, yet logged once: wait for a check after this one, then read its history (every
    // read first writes what is waiting), so the disk has certainly refused more writes before counting the logs.
    const { last_checked_at: downCheckedAt } = await monitor();
    clock.advance(30_000);
    await advanceUntil(clock, async () => (await monitor()).last_checked_at !== downCheckedAt);
    expect((await api(`/monitors/${id}/checks?limit=1`)).status).toBe(200);
    expect(logger.entries.filter((entry) => entry.message.startsWith('History is not being saved'))).toHaveLength(1);

    rmSync(filler);
    const resumedAfter = clock.now();
    await advanceUntil(clock, async () => (await problems()).length === 0);
    expect(logger.entries.some((entry) => entry.level === 'info' && entry.message === 'History is being saved again.')).toBe(true);
    await advanceUntil(clock, async () => ((await api(`/monitors/${id}/checks?limit=1`)).json as { checked_at: string }[]).some((check) => Date.parse(check.checked_at) >= resumedAfter));

    // The events that happened meanwhile were kept and written; the unsaved time is marked as a gap in the record.
    type Event = { kind: string; to: string; detail?: string };
    const events = (await api('/events')).json as Event[];
    expect(events.map((event) => [event.kind, event.to])).toEqual([
      ['service', 'started'],
      ['service', 'stopped'],
      ['monitor', 'down'],
      ['service', 'started'],
    ]);
    expect(events[1]?.detail).toBe('History stopped being saved: the disk is full. Checks and alerts went on.');
    expect(events[3]?.detail).toBe('History is being saved again.');
  });
});
