// Day one: the local service keeps its address. Its first port is remembered in config.json, so a heartbeat's ping
// URL still works after the app restarts and after the SMTP settings restart the service; when another program
// holds that port, the service still runs elsewhere and the window says which addresses changed. Real core, real
// service processes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverBannersOf } from '../../../renderer/components/banners.tsx';
import { usualPingUrl } from '../../../renderer/views/heartbeats/ping-address-notice.tsx';
import { holdPort } from '../../helpers/local-targets.ts';
import { serverOf, startCore, tempDirs, type CoreFixture } from './core-fixture.ts';

let dirs: ReturnType<typeof tempDirs>;
beforeAll(() => {
  // Port 0 in the fixture's config.json stands for a first start on a machine where 8731 is taken: any free port.
  dirs = tempDirs();
});
afterAll(() => dirs.remove());

const rememberedPort = () => (JSON.parse(readFileSync(path.join(dirs.dataDir, 'config.json'), 'utf8')) as { port?: number }).port;
const portOf = (url: string) => Number(new URL(url).port);

async function localUp(app: CoreFixture) {
  return serverOf(await app.statusWhere((status) => status.servers.some((s) => s.connection.id === 'local' && s.situation === 'ok')));
}

// Chapters of one installation's life (first start, a restart, the port taken): the order is the story's, declared
// here rather than assumed (a shuffled run keeps it).
describe('the local service address', { shuffle: false }, () => {
  let pingUrl: string;
  let port: number;

  it('is chosen on the first start and remembered in config.json', async () => {
    const app = await startCore(dirs);
    try {
      const local = await localUp(app);
      port = portOf(local.connection.baseUrl);
      expect(rememberedPort()).toBe(port);
      expect(local.connection.usualBaseUrl).toBeUndefined();
      const heartbeat = await app.calls.createHeartbeat('local', { name: 'Nightly backup', expected_interval: 86_400 });
      pingUrl = heartbeat.ping_url ?? '';
      expect(portOf(pingUrl)).toBe(port);

      // Saving the SMTP server restarts the service: same port.
      await app.calls.setLocalSmtp({ host: '127.0.0.1', port: 2525, security: 'none', from: 'vigil@example.com' });
      expect(app.started).toHaveLength(2);
      expect(portOf(app.started[1]?.apiUrl ?? '')).toBe(port);
    } finally {
      await app.core.stop();
    }
  });

  it('is the same after the app restarts: the old ping URL still reaches the heartbeat', async () => {
    const app = await startCore(dirs);
    try {
      const local = await localUp(app);
      expect(portOf(local.connection.baseUrl)).toBe(port);
      const ping = await fetch(pingUrl, { method: 'POST' });
      expect(ping.status).toBe(200);
      const [heartbeat] = await app.calls.listHeartbeats('local');
      expect(heartbeat?.last_ping).toBeDefined();
    } finally {
      await app.core.stop();
    }
  });

  it('moves only while another program holds the port, and the window says which addresses changed', async () => {
    const blocker = await holdPort(port);
    const app = await startCore(dirs);
    try {
      const local = await localUp(app);
      const usual = `http://127.0.0.1:${port}/api`;
      expect(local.connection.usualBaseUrl).toBe(usual);
      expect(portOf(local.connection.baseUrl)).not.toBe(port);
      // Still remembered: once the port is free again, the next start goes back to it.
      expect(rememberedPort()).toBe(port);

      const banner = serverBannersOf(local, Date.now()).find((candidate) => candidate.id === 'address-changed');
      expect(banner?.text).toContain(`Another program is using port ${port}`);
      expect(banner?.text).toContain(`jobs that ping http://127.0.0.1:${port}/… cannot report`);

      const [heartbeat] = await app.calls.listHeartbeats('local');
      const movedPingUrl = heartbeat?.ping_url ?? '';
      expect(portOf(movedPingUrl)).toBe(portOf(local.connection.baseUrl));
      expect(usualPingUrl(movedPingUrl, local.connection.usualBaseUrl)).toBe(pingUrl);
    } finally {
      await app.core.stop();
      await blocker.release();
    }
  });
});
