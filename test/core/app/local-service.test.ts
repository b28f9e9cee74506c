// The plain-Node launcher of local mode: the real service as a child process, its URL read from stdout, tokens
// from `vigil token`, a clean stop, and one clear sentence for every way starting can fail.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { nodeLocalServiceLauncher } from '../../../main/core/app/local-service-launcher.ts';
import { recordingLogger } from '../../helpers/recording-logger.ts';
import { tempFolders } from '../../helpers/temp-folders.ts';
import { isAlive, vigilScript } from './core-fixture.ts';

const tempDir = tempFolders('vigil-launcher-');

describe('nodeLocalServiceLauncher', () => {
  it('starts the service on a free loopback port, issues tokens it accepts, and stops it cleanly', async () => {
    const launcher = nodeLocalServiceLauncher({ dataDir: tempDir(), vigilScript });
    const [running, token] = await Promise.all([launcher.start(), launcher.issueToken(3600)]);
    expect(running.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
    const answer = await fetch(`${running.apiUrl}/heartbeats`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    const exp = (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { exp: number }).exp * 1000;
    expect(exp - Date.now()).toBeGreaterThan(3500_000);
    await running.stop();
    expect(await running.exited).toBe(0);
    expect(isAlive(running.pid)).toBe(false);
    await running.stop();
  });

  it('says why the service stopped before it was ready (a bad config.json)', async () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, 'config.json'), JSON.stringify({ failuresToConfirmDown: 'often' }));
    const start = nodeLocalServiceLauncher({ dataDir, vigilScript }).start();
    await expect(start).rejects.toThrow(/^The local monitoring service stopped before it was ready \(exit \d\): .*failuresToConfirmDown/);
  });

  it('says when the service does not print its address in time, ends the process, and forwards only its warnings', async () => {
    const dir = tempDir();
    const pidFile = path.join(dir, 'pid');
    const script = path.join(dir, 'silent.mjs');
    const lines = [
      { level: 'info', message: 'starting slowly' },
      { level: 'warn', message: 'still thinking', step: 3 },
    ];
    writeFileSync(
      script,
      `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(pidFile)}, String(process.pid));\n` +
        `process.stderr.write(${JSON.stringify(lines.map((l) => JSON.stringify(l)).join('\n') + '\n')});\nsetInterval(() => {}, 1000);\n`,
    );
    const logger = recordingLogger();
    const launcher = nodeLocalServiceLauncher({ dataDir: dir, vigilScript: script, execArgv: [], startTimeoutMs: 1000, logger });
    await expect(launcher.start()).rejects.toThrow('The local monitoring service did not start within 1 second: still thinking.');
    expect(logger.entries).toEqual([{ level: 'warn', message: 'Local service: still thinking', fields: { step: 3 } }]);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    await vi.waitFor(() => expect(isAlive(pid)).toBe(false), { timeout: 5000 });
  });

  it('says when Node cannot be run at all', async () => {
    const launcher = nodeLocalServiceLauncher({ dataDir: tempDir(), vigilScript, nodePath: path.join(tempDir(), 'no-node') });
    await expect(launcher.start()).rejects.toThrow(/^The local monitoring service could not be run with .*no-node: .*ENOENT/);
    await expect(launcher.issueToken(3600)).rejects.toThrow(/^Could not get a token from the local monitoring service: /);
  });
});
