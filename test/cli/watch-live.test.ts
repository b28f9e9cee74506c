// `vigil watch` follows the server's stream of changes as the app does: with an interval of an hour, a monitor that
// goes down is told the moment the service records it. Real processes: the service and the command.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startHttpTarget } from '../helpers/local-targets.ts';
import { startTestService } from '../helpers/service-harness.ts';
import { startedForTests } from '../helpers/started-for-tests.ts';
import { vigilEntry } from '../helpers/service-process.ts';

const service = startedForTests(() => startTestService({ failuresToConfirmDown: 1 }), (started) => started.stop());
const target = startedForTests(() => startHttpTarget());

describe('vigil watch', () => {
  it('tells an outage when the service records it, not at its next poll an hour on', async () => {
    const { json } = await service.current.api('/monitors', { method: 'POST', body: { name: 'Flaky site', type: 'http', url: target.current.url, frequency: 10 } });
    const id = (json as { id: string }).id;
    // Up first, so the outage is news rather than what was wrong at start.
    for (let tries = 0; tries < 300 && ((await service.current.api(`/monitors/${id}`)).json as { last_status: string }).last_status !== 'up'; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const child = spawn(process.execPath, [vigilEntry, 'watch', '--base-url', service.current.apiUrl, '--json', '--interval', '3600'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, VIGIL_TOKEN: service.current.token, VIGIL_CONFIG_DIR: service.current.dataDir },
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    let stdout = '';
    const lineWith = (kind: string) =>
      new Promise<void>((resolve) => {
        const look = () => stdout.includes(`"kind":"${kind}"`) && resolve();
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          look();
        });
        look();
      });
    // The first poll's line (the test token expires within the hour) says the watch has started.
    await lineWith('token-expiring');
    target.current.setUp(false);
    await lineWith('monitor-down');
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    const down = stdout.trim().split('\n').map((line) => JSON.parse(line) as { kind: string; title: string }).find((line) => line.kind === 'monitor-down');
    expect(down?.title).toMatch(/Flaky site/);
    target.current.setUp(true);
  }, 90_000);
});
