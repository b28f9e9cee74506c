// Live state: the core follows the local service's stream of changes, so a monitor's change reaches the status
// (overview, lists, tray) long before the next poll — here the poll interval is the default minute, and every
// change below arrives well within it. Real core, real service process, a local target taken down for real.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusView } from '../../../common/ipc/views.ts';
import { startHttpTarget, type HttpTarget } from '../../helpers/local-targets.ts';
import { serverOf, startCore, tempDirs, type CoreFixture } from './core-fixture.ts';

let dirs: ReturnType<typeof tempDirs>;
let target: HttpTarget;
let app: CoreFixture;
beforeAll(async () => {
  dirs = tempDirs({ failuresToConfirmDown: 1 });
  target = await startHttpTarget();
  app = await startCore(dirs);
  await app.statusWhere((status) => status.servers.some((server) => server.situation === 'ok'));
});
afterAll(async () => {
  await app.core.stop();
  await target.close();
  dirs.remove();
});

const monitorState = (status: StatusView, name: string) => serverOf(status).monitors.find((monitor) => monitor.name === name)?.last_status;

describe('live state from the service\'s stream of changes', () => {
  it('shows a monitor\'s first answer and its outage without waiting for the next poll', async () => {
    expect((await app.calls.getSettings()).pollIntervalSeconds).toBe(60);
    await app.calls.createMonitor('local', { name: 'Shop', type: 'http', url: target.url, frequency: 10 });
    const polls = () => app.requests(`${serverOf(app.statuses.at(-1) as StatusView).connection.baseUrl}/monitors`);

    const up = Date.now();
    await app.statusWhere((status) => monitorState(status, 'Shop') === 'up', 30_000);
    // The regular poll is a minute away: only the stream can have brought it this soon.
    expect(Date.now() - up).toBeLessThan(30_000);

    const before = polls();
    target.setUp(false);
    const down = Date.now();
    await app.statusWhere((status) => monitorState(status, 'Shop') === 'down', 45_000);
    expect(Date.now() - down).toBeLessThan(45_000);
    expect(polls()).toBeGreaterThan(before);
    target.setUp(true);
  }, 90_000);
});
