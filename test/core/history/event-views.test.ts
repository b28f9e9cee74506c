// A server's events as the window's feed reads them: a heartbeat's failed run and a monitor's certificate news say
// what happened, with the health they deserve.
import { describe, expect, it } from 'vitest';
import { serverEventView } from '../../../main/core/history/event-views.ts';

const server = { id: 'local', name: 'This computer' };
const at = '2026-11-24T12:00:00.000Z';

describe("a server's event in the feed", () => {
  it('says a heartbeat failed, as a problem', () => {
    const view = serverEventView({ at, kind: 'heartbeat', item_id: 'hb1', item_name: 'Backup', from: 'up', to: 'failed', detail: 'exit code 2' }, server, 0);
    expect(view).toMatchObject({ title: 'Backup failed: exit code 2', health: 'critical', itemKey: 'local/heartbeat:hb1' });
  });

  it("says a monitor's certificate news is its certificate's", () => {
    const expiring = serverEventView({ at, kind: 'monitor', item_id: 'm1', item_name: 'API', from: 'ok', to: 'expiring', detail: 'certificate ends 2026-12-01 12:00 UTC, in 7 days' }, server, 0);
    expect(expiring).toMatchObject({ title: 'The certificate of API expires soon: certificate ends 2026-12-01 12:00 UTC, in 7 days', health: 'warning' });
    expect(serverEventView({ at, kind: 'monitor', item_name: 'API', to: 'renewed' }, server, 1)?.title).toBe('The certificate of API was renewed');
    expect(serverEventView({ at, kind: 'domain', item_name: 'example.com', to: 'expired' }, server, 2)).toMatchObject({ title: 'example.com has expired', health: 'critical' });
  });
});
