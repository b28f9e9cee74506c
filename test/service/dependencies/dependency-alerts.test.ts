// Dependencies on the service fold its own handlers' alerts: a real webhook receiver and a real SMTP server hear the
// parent go down, not each child that goes down with it; when the parent recovers, a child still down is told then,
// and a child that came back first is never told at all. And the API refuses what cannot be a dependency.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startHttpTarget, type HttpTarget } from '../../helpers/local-targets.ts';
import { openMaintenanceFixture, type MaintenanceFixture } from '../maintenance/maintenance-fixture.ts';

let fixture: MaintenanceFixture;
/** The child's own target, so the child goes down only when the test says so (the parent uses the fixture's). */
let childTarget: HttpTarget;

beforeAll(async () => {
  [fixture, childTarget] = await Promise.all([openMaintenanceFixture(Date.UTC(2026, 10, 3, 9, 0)), startHttpTarget()]);
});
afterAll(async () => {
  await fixture.close();
  await childTarget.close();
});
afterEach(async () => {
  childTarget.setUp(true);
  await fixture.endTest();
});

/** A monitor of the fixture's target, which the tests take down as the parent's outage. */
const parentMonitor = (name: string) => fixture.upMonitor(name);

async function childMonitor(name: string, parentId: string): Promise<string> {
  const response = await fixture.api('/monitors', { method: 'POST', body: { name, type: 'http', url: childTarget.url, frequency: 10 } });
  const id = (response.json as { id: string }).id;
  fixture.deleteAfterTest(`/monitors/${id}`);
  await fixture.waitForStatus(id, 'up');
  const set = await fixture.api(`/dependencies/${encodeURIComponent(`monitor:${id}`)}`, { method: 'PUT', body: { depends_on: `monitor:${parentId}` } });
  expect(set.status).toBe(200);
  return id;
}

/** Takes the parent's target down, then the child's, each until the service records the monitor down. */
async function parentThenChildDown(parent: string, child: string): Promise<void> {
  fixture.target.setUp(false);
  await fixture.waitForStatus(parent, 'down');
  childTarget.setUp(false);
  await fixture.waitForStatus(child, 'down');
}

describe('a child monitor whose parent is down', () => {
  it('is folded under the parent, and told once the parent recovers with the child still down', async () => {
    const parent = await parentMonitor('Database');
    const child = await childMonitor('Shop', parent);

    fixture.target.setUp(false);
    await fixture.waitForStatus(parent, 'down');
    await fixture.webhook.waitFor(1);
    childTarget.setUp(false);
    await fixture.waitForStatus(child, 'down');
    await fixture.deliveries();
    expect(fixture.told()).toEqual(['monitor.down Database']);
    expect(fixture.smtp.messages.map((mail) => mail.subject)).toEqual([expect.stringMatching(/DOWN: Database/)]);

    fixture.target.setUp(true);
    await fixture.waitForStatus(parent, 'up');
    await fixture.webhook.waitFor(3);
    await fixture.smtp.waitFor(3);
    expect(fixture.told()).toEqual(['monitor.down Database', 'monitor.up Database', 'monitor.down Shop']);

    childTarget.setUp(true);
    await fixture.waitForStatus(child, 'up');
    await fixture.webhook.waitFor(4);
    expect(fixture.told().at(-1)).toBe('monitor.up Shop');
  });

  it('tells nothing of a child that came back before its parent', async () => {
    const parent = await parentMonitor('Network');
    const child = await childMonitor('Wiki', parent);

    await parentThenChildDown(parent, child);
    childTarget.setUp(true);
    await fixture.waitForStatus(child, 'up');
    fixture.target.setUp(true);
    await fixture.waitForStatus(parent, 'up');
    await fixture.webhook.waitFor(2);
    await fixture.deliveries();
    expect(fixture.told()).toEqual(['monitor.down Network', 'monitor.up Network']);
    expect(fixture.smtp.messages).toHaveLength(2);
  });

  it('tells a child still down at once when its dependency is removed', async () => {
    const parent = await parentMonitor('Router');
    const child = await childMonitor('Printer', parent);
    await parentThenChildDown(parent, child);
    await fixture.deliveries();
    expect(fixture.told()).toEqual(['monitor.down Router']);

    const removed = await fixture.api(`/dependencies/${encodeURIComponent(`monitor:${child}`)}`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    await fixture.webhook.waitFor(2);
    expect(fixture.told()).toEqual(['monitor.down Router', 'monitor.down Printer']);
  });
});

describe('across a restart', () => {
  it('keeps what is folded: the child still down is told once the parent recovers after the restart', async () => {
    const parent = await parentMonitor('Storage');
    const child = await childMonitor('Backups', parent);
    await parentThenChildDown(parent, child);
    await fixture.restart();
    await fixture.deliveries();
    expect(fixture.told()).toEqual(['monitor.down Storage']);

    fixture.target.setUp(true);
    await fixture.waitForStatus(parent, 'up');
    await fixture.webhook.waitFor(3);
    expect(fixture.told()).toEqual(['monitor.down Storage', 'monitor.up Storage', 'monitor.down Backups']);
  });
});

describe('the dependencies API', () => {
  const key = (id: string) => encodeURIComponent(`monitor:${id}`);
  const put = (child: string, dependsOn: string) => fixture.api(`/dependencies/${encodeURIComponent(child)}`, { method: 'PUT', body: { depends_on: dependsOn } });
  const refusal = (response: { json: unknown }) => (response.json as { error: { code: string; details: { field: string; message: string }[] } }).error;

  it('is listed under /capabilities, lists what is set, and forgets a deleted parent', async () => {
    const capabilities = (await fixture.api('/capabilities')).json as { extensions: string[] };
    expect(capabilities.extensions).toContain('dependencies');
    const parent = await parentMonitor('Core switch');
    const child = await childMonitor('Camera', parent);
    expect((await fixture.api('/dependencies')).json).toEqual([
      { item: `monitor:${child}`, item_name: 'Camera', depends_on: `monitor:${parent}`, depends_on_name: 'Core switch' },
    ]);
    await fixture.api(`/monitors/${parent}`, { method: 'DELETE' });
    expect((await fixture.api('/dependencies')).json).toEqual([]);
  });

  it('refuses a cycle, itself, an unknown parent and a malformed one with 400 naming depends_on; an unknown child with 404', async () => {
    const a = await parentMonitor('Alpha');
    const b = await childMonitor('Beta', a);

    const cycle = await put(`monitor:${a}`, `monitor:${b}`);
    expect(cycle.status).toBe(400);
    expect(refusal(cycle)).toMatchObject({ code: 'validation_failed', details: [{ field: 'depends_on', message: 'would close a cycle: “Alpha” → “Beta” → “Alpha”' }] });

    const itself = await put(`monitor:${a}`, `monitor:${a}`);
    expect(refusal(itself).details).toEqual([{ field: 'depends_on', message: expect.stringMatching(/cannot depend on itself/) }]);

    const unknown = await put(`monitor:${a}`, 'monitor:mon_nothere');
    expect(unknown.status).toBe(400);
    expect(refusal(unknown).details).toEqual([{ field: 'depends_on', message: 'names no monitor, heartbeat or domain of this service' }]);

    const malformed = await put(`monitor:${a}`, 'the database');
    expect(refusal(malformed).details).toEqual([{ field: 'depends_on', message: 'must be monitor:<id>, heartbeat:<id> or domain:<id>' }]);

    const noChild = await put('monitor:mon_nothere', `monitor:${a}`);
    expect(noChild.status).toBe(404);
    expect((await fixture.api(`/dependencies/${key('mon_nothere')}`, { method: 'DELETE' })).status).toBe(404);
  });
});
