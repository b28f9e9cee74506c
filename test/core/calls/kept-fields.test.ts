// Notes, the worked example of a field Vigil keeps itself for a server without its extension (item-fields.ts,
// main/core/app/kept-fields.ts): against a strict spec-only server (which refuses any field the spec does not name)
// the notes never leave this computer, yet read, edit, clear, delete, export and import as on Vigil's own service,
// which keeps them itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTES_LENGTH } from '../../../common/api/notes.ts';
import { startHistoryServer, type HistoryServer } from '../../helpers/history-server.ts';
import { coreForTests } from '../app/core-for-tests.ts';

const runbook = 'Restart it: ssh api-1 && systemctl restart api\nhttps://wiki.example/runbooks/api';

describe('notes on a spec-only server', () => {
  const fixture = coreForTests();
  let server: HistoryServer;
  let connectionId: string;
  const kept = () => fixture.settings.read().keptFields;
  const sentBodies = () => server.requests.filter((request) => !request.startsWith('GET'));

  beforeAll(async () => {
    server = await startHistoryServer({ heartbeats: [{ id: 'hb_1', name: 'Backup', expected_interval: 3600 }], domains: [{ id: 'dom_1', domain: 'example.com' }] });
    connectionId = (await fixture.calls.addRemoteConnection({ name: 'Spec only', baseUrl: server.apiUrl, token: 'x.y.z' })).id;
  });
  afterAll(async () => {
    await fixture.calls.removeConnection(connectionId);
    await server.close();
  });

  it('keeps a new monitor’s notes in the settings and sends the server only the spec’s fields', async () => {
    const made = await fixture.calls.createMonitor(connectionId, { name: 'API', url: 'https://api.example', type: 'http', frequency: 60, notes: `  ${runbook}  ` });
    expect(made.notes).toBe(runbook);
    expect(server.state.monitors[0]).not.toHaveProperty('notes');
    expect(kept()[`${connectionId}/monitor:${made.id ?? ''}`]).toEqual({ notes: runbook });
    expect((await fixture.calls.listMonitors(connectionId))[0]?.notes).toBe(runbook);
  });

  it('edits a monitor’s notes without a PUT, and refuses an over-long text in the user’s terms', async () => {
    const [monitor] = await fixture.calls.listMonitors(connectionId);
    const before = sentBodies().length;
    const edited = await fixture.calls.updateMonitor(connectionId, monitor?.id ?? '', { notes: 'Call Ana' });
    expect(edited.notes).toBe('Call Ana');
    expect(sentBodies()).toHaveLength(before);
    await expect(fixture.calls.updateMonitor(connectionId, monitor?.id ?? '', { notes: 'x'.repeat(NOTES_LENGTH + 1) })).rejects.toMatchObject({
      message: 'It was not saved: notes must be at most 2,000 characters.',
      details: [{ field: 'notes', message: 'must be at most 2,000 characters' }],
    });
    expect((await fixture.calls.listMonitors(connectionId))[0]?.notes).toBe('Call Ana');
  });

  it('gives heartbeats and domains notes the spec has no update for, and clears them with null', async () => {
    const heartbeat = await fixture.calls.updateHeartbeat(connectionId, 'hb_1', { notes: 'Check the disk first.' });
    expect(heartbeat).toMatchObject({ id: 'hb_1', name: 'Backup', notes: 'Check the disk first.' });
    const domain = await fixture.calls.updateDomain(connectionId, 'dom_1', { notes: 'Renewed by finance.' });
    expect(domain.notes).toBe('Renewed by finance.');
    expect(server.requests.filter((request) => request.startsWith('PATCH'))).toEqual([]);
    const cleared = await fixture.calls.updateDomain(connectionId, 'dom_1', { notes: null });
    expect(cleared.notes).toBeUndefined();
    expect(kept()[`${connectionId}/domain:dom_1`]).toBeUndefined();
  });

  it('tells a monitor’s notes as its notification’s second line', async () => {
    const monitor = server.state.monitors[0];
    if (monitor === undefined) throw new Error('the monitor is gone');
    monitor.last_status = 'up';
    await fixture.calls.refreshNow(connectionId);
    const told = new Promise<string>((resolve) => fixture.core.on('onAlert', (alert) => alert.title.includes('API') && resolve(alert.body)));
    monitor.last_status = 'down';
    await fixture.calls.refreshNow(connectionId);
    expect((await told).split('\n')).toEqual(['The server reports the http check of https://api.example as down.', 'Call Ana']);
    monitor.last_status = 'up';
  });

  it('exports the notes it keeps, and imports them back into the settings', async () => {
    const file = await fixture.calls.exportConfiguration(connectionId);
    const configuration = JSON.parse(file.text) as { monitors: { notes?: string }[]; heartbeats: { notes?: string }[] };
    expect(configuration.monitors[0]?.notes).toBe('Call Ana');
    expect(configuration.heartbeats[0]?.notes).toBe('Check the disk first.');
    const moved = JSON.stringify({ ...configuration, monitors: [{ name: 'Shop', url: 'https://shop.example', type: 'http', frequency: 60, notes: 'Owned by the web team.' }], heartbeats: [], domains: [], notificationHandlers: [] });
    const report = await fixture.calls.importConfiguration(connectionId, moved, { dryRun: false });
    expect(report.created).toEqual([{ kind: 'monitor', name: 'Shop', target: 'https://shop.example' }]);
    const shop = server.state.monitors.find((monitor) => monitor.name === 'Shop');
    expect(shop).not.toHaveProperty('notes');
    expect(kept()[`${connectionId}/monitor:${shop?.id ?? ''}`]).toEqual({ notes: 'Owned by the web team.' });
  });

  it('forgets what it kept for an item deleted through Vigil', async () => {
    const [monitor] = await fixture.calls.listMonitors(connectionId);
    await fixture.calls.deleteMonitor(connectionId, monitor?.id ?? '');
    expect(kept()[`${connectionId}/monitor:${monitor?.id ?? ''}`]).toBeUndefined();
  });
});

describe('notes on Vigil’s own service', () => {
  const fixture = coreForTests();

  it('are the service’s to keep: nothing goes to the settings', async () => {
    const monitor = await fixture.calls.createMonitor('local', { name: 'API', url: 'https://api.example', type: 'http', frequency: 60, notes: runbook });
    expect(monitor.notes).toBe(runbook);
    const heartbeat = await fixture.calls.createHeartbeat('local', { name: 'Backup', expected_interval: 3600 });
    const edited = await fixture.calls.updateHeartbeat('local', heartbeat.id ?? '', { notes: 'Check the disk first.' });
    expect(edited.notes).toBe('Check the disk first.');
    expect((await fixture.calls.listHeartbeats('local'))[0]?.notes).toBe('Check the disk first.');
    expect(fixture.settings.read().keptFields).toEqual({});
  });
});
