// Dependencies on a server that keeps them (the local service, the dependencies extension): the rules form's call
// sets them on the service, so its own email and webhooks fold too; the status still shows the parent as a child's
// cause from the service's list; a cycle is refused with the names before anything is sent; and dependencies Vigil
// kept in its settings for that server before are moved onto it at the next poll, none lost.
import { beforeAll, describe, expect, it } from 'vitest';
import { refreshUntil } from './core-fixture.ts';
import { coreForTests } from './core-for-tests.ts';

const app = coreForTests();
let token: string;
const ids: Record<string, string> = {};
const keyOf = (name: string) => `local/monitor:${ids[name]}`;

/** The service's own answer, asked directly. */
async function serviceDependencies(): Promise<unknown> {
  const response = await fetch(`${app.started.at(-1)?.apiUrl}/dependencies`, { headers: { authorization: `Bearer ${token}` } });
  return response.json();
}

beforeAll(async () => {
  token = await app.launcher.issueToken(3600);
  // Nothing listens on port 9 of loopback: each monitor is down from its first check, so a cause is shown.
  for (const name of ['Router', 'Printer', 'Scanner']) {
    const monitor = await app.calls.createMonitor('local', { name, type: 'http', url: 'http://127.0.0.1:9/', frequency: 10 });
    ids[name] = monitor.id ?? '';
  }
  await refreshUntil(app, (status) => status.items.filter((item) => item.connectionId === 'local' && item.health === 'critical').length === 3);
}, 60_000);

// Set, refused, then moved from the settings, in this order: each step finds what the one before left (declared
// rather than assumed: a shuffled run keeps it).
describe('dependencies on the local service', { shuffle: false }, () => {
  it('are set on the service by the rules call, not in the settings, and show the parent as the cause', async () => {
    const saved = await app.calls.setItemRules(keyOf('Printer'), { dependsOn: keyOf('Router') });
    expect(saved).toMatchObject({ dependsOn: { itemKey: keyOf('Router'), name: 'Router' }, dependenciesKeptBy: 'server' });
    expect(app.settings.read().dependencies).toEqual({});
    expect(await serviceDependencies()).toEqual([{ item: `monitor:${ids.Printer}`, item_name: 'Printer', depends_on: `monitor:${ids.Router}`, depends_on_name: 'Router' }]);
    expect(await app.calls.getItemRules(keyOf('Router'))).toMatchObject({ dependents: 1, dependenciesKeptBy: 'server' });

    const status = await refreshUntil(app, (s) => s.items.some((item) => item.key === keyOf('Printer') && item.cause !== undefined));
    expect(status.items.find((item) => item.key === keyOf('Printer'))?.cause).toEqual({ key: keyOf('Router'), name: 'Router' });
  });

  it('refuses a cycle naming the chain, and removes one with null', async () => {
    await expect(app.calls.setItemRules(keyOf('Router'), { dependsOn: keyOf('Printer') })).rejects.toMatchObject({
      message: 'Router cannot depend on Printer: Printer already depends on Router (Router → Printer → Router).',
      details: [{ field: '1.dependsOn' }],
    });
    const removed = await app.calls.setItemRules(keyOf('Printer'), { dependsOn: null });
    expect(removed.dependsOn).toBeUndefined();
    expect(await serviceDependencies()).toEqual([]);
  });

  it('moves a dependency the settings kept for this server onto it at the next poll', async () => {
    app.settings.update((current) => ({ ...current, dependencies: { [keyOf('Scanner')]: keyOf('Router') } }));
    await refreshUntil(app, () => Object.keys(app.settings.read().dependencies).length === 0);
    expect(await serviceDependencies()).toEqual([expect.objectContaining({ item: `monitor:${ids.Scanner}`, depends_on: `monitor:${ids.Router}` })]);
    expect(await app.calls.getItemRules(keyOf('Scanner'))).toMatchObject({ dependsOn: { itemKey: keyOf('Router'), name: 'Router' }, dependenciesKeptBy: 'server' });
  });
});
