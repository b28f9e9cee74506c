// A monitor's request, expectations, retry_seconds and latest check are on disk: a restart keeps them all.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { startTestService } from '../../helpers/service-harness.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-check-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('keeps the check extension fields and the latest check across a restart', async () => {
  const first = await startTestService({ dataDir });
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
    await vi.waitFor(async () => expect(((await first.api(`/monitors/${id}`)).json as { last_error?: string }).last_error).toBe('connection refused'), {
      timeout: 15_000,
      interval: 250,
    });
    before = (await first.api(`/monitors/${id}`)).json as Record<string, unknown>;
  } finally {
    await first.stop();
  }
  const second = await startTestService({ dataDir });
  try {
    const after = (await second.api(`/monitors/${before.id as string}`)).json as Record<string, unknown>;
    expect(after).toEqual(before);
    expect(after).toMatchObject({ method: 'HEAD', headers: { 'X-Plain': 'p' }, expect: { status: [204], max_response_ms: 250 }, retry_seconds: 30 });
    expect(after.last_checked_at).toEqual(expect.any(String));
  } finally {
    await second.stop();
  }
}, 30_000);
