// A monitor's request, expectations, retry_seconds and latest check are on disk: a restart keeps them all.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { advanceUntilMatch, checksFinished, manualClock } from '../../helpers/manual-clock.ts';
import { startTestService } from '../../helpers/service-harness.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-check-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('keeps the check extension fields and the latest check across a restart', async () => {
  // Service time goes on across the restart.
  const clock = manualClock(Date.now());
  const first = await startTestService({ dataDir }, { clock });
  let before: Record<string, unknown>;
  try {
    const created = await first.api('/monitors', {
      method: 'POST',
      body: {
        name: 'Kept',
        type: 'http',
        // Nothing listens on port 9 of loopback: the check fails at once, and the failure is the latest check.
        url: 'http://127.0.0.1:9/',
        frequency: 600,
        method: 'HEAD',
        headers: { Authorization: 'Bearer keep-me', 'X-Plain': 'p' },
        expect: { status: [204], max_response_ms: 250 },
        retry_seconds: 30,
      },
    });
    const id = (created.json as { id: string }).id;
    await advanceUntilMatch(clock, async () => (await first.api(`/monitors/${id}`)).json, { last_error: 'connection refused' }, {
      maxSeconds: 15,
      settled: () => checksFinished(first.scheduler),
    });
    before = (await first.api(`/monitors/${id}`)).json as Record<string, unknown>;
  } finally {
    await first.stop();
  }
  const second = await startTestService({ dataDir }, { clock });
  try {
    const after = (await second.api(`/monitors/${before.id as string}`)).json as Record<string, unknown>;
    expect(after).toEqual(before);
    expect(after).toMatchObject({ method: 'HEAD', headers: { 'X-Plain': 'p' }, expect: { status: [204], max_response_ms: 250 }, retry_seconds: 30 });
    expect(after.last_checked_at).toEqual(expect.any(String));
  } finally {
    await second.stop();
  }
});
