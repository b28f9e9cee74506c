// `vigil token --revoke-all` while the app runs: the app's own token is refused like every other, and the app signs
// itself a new one and goes on watching, without asking the person anything. Real core, real service process.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { runVigil } from '../../helpers/service-process.ts';
import { serverOf } from './core-fixture.ts';
import { coreForTests } from './core-for-tests.ts';

const app = coreForTests();
beforeAll(async () => {
  await app.statusWhere((status) => status.servers.some((server) => server.situation === 'ok'));
});

describe('revoking every token', () => {
  it('leaves the app watching with a token it signs itself', async () => {
    const before = await app.secrets.get('local');
    const baseUrl = serverOf(await app.calls.getStatus()).connection.baseUrl;
    expect((await runVigil(['token', '--revoke-all', '--data-dir', app.dirs.dataDir]).exited).code).toBe(0);
    await vi.waitFor(async () => expect((await fetch(`${baseUrl}/monitors`, { headers: { authorization: `Bearer ${before}` } })).status).toBe(401), { timeout: 10_000 });

    // The next poll is refused; the core signs a new token and stores it.
    await app.calls.refreshNow();
    await vi.waitFor(async () => expect(await app.secrets.get('local')).not.toBe(before), { timeout: 10_000 });
    const after = await app.secrets.get('local');
    await app.calls.refreshNow();
    const status = await app.calls.getStatus();
    expect(serverOf(status)).toMatchObject({ situation: 'ok', connection: { auth: 'signed-in' } });
    expect(serverOf(status).problem).toBeUndefined();
    expect(app.alerts.filter((alert) => alert.kind === 'sign-in-again')).toEqual([]);
    expect((await fetch(`${baseUrl}/monitors`, { headers: { authorization: `Bearer ${after}` } })).status).toBe(200);
  });
});
