// The test email as the service's code sends it (the CLI and the desktop app share it): bounded in time, and the
// config's own rules apply before anything is sent.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sendTestEmail } from '../../../service/alerts/test-email.ts';
import { silentLogger } from '../../../service/logger.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function dataDirWith(smtp: Record<string, unknown>): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-test-email-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  writeFileSync(path.join(dataDir, 'config.json'), JSON.stringify({ smtp }));
  return dataDir;
}

describe('sendTestEmail', () => {
  it('gives up on a server that never answers, within its time limit', async () => {
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => silent.close(() => resolve()));
    });
    const { port } = silent.address() as AddressInfo;
    const dir = dataDirWith({ host: '127.0.0.1', port, security: 'none', from: 'vigil@example.com' });
    const outcome = await sendTestEmail({ dataDir: dir, to: 'ops@example.com', password: undefined, logger: silentLogger, timeoutMs: 1000 });
    expect(outcome.ok).toBe(false);
    expect(outcome.message).toMatch(
      new RegExp(`^(Could not send the test email through 127\\.0\\.0\\.1:${port}: Greeting never received|The SMTP server at 127\\.0\\.0\\.1:${port} did not finish within 1 second)\\.$`),
    );
  });

  it('refuses settings the service would refuse, before connecting anywhere', async () => {
    const dir = dataDirWith({ host: 'smtp.example.com', port: 25, security: 'none', from: 'vigil@example.com' });
    expect(await sendTestEmail({ dataDir: dir, to: 'ops@example.com', password: undefined, logger: silentLogger })).toEqual({
      ok: false,
      message: 'Invalid SMTP settings: security: "none" is allowed only for a loopback IP address (127.0.0.1 or ::1); use "tls" or "starttls".',
    });
  });
});
