// @vitest-environment happy-dom
// What a person writes about an item (the tables' annotation fields; today `notes`): the forms' box with its count
// and its own rule's error, what create and edit send (nothing for a blank box, null for a cleared one), the box on
// a server that does not keep notes, the edit dialog of heartbeats and domains, and the item page's section.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANNOTATION_FIELDS } from '../../common/api/index.ts';
import { NOTES_LENGTH } from '../../common/api/notes.ts';
import type { ConnectionView, Domain, Heartbeat, Monitor } from '../../common/ipc/views.ts';
import { linkedParts } from '../../renderer/components/linked-text.tsx';
import { followStatusLists, useHeartbeats } from '../../renderer/state/resources.ts';
import { useStatus } from '../../renderer/state/status-store.ts';
import { DomainForm } from '../../renderer/views/domains/domain-form.tsx';
import { DomainsView } from '../../renderer/views/domains/domains-view.tsx';
import { HeartbeatsView } from '../../renderer/views/heartbeats/heartbeats-view.tsx';
import { ItemPage } from '../../renderer/views/item/item-page.tsx';
import { MonitorForm } from '../../renderer/views/monitors/monitor-form.tsx';
import { itemHistory } from './history-fixtures.ts';
import { fakeApi, renderForUser, status } from './renderer-harness.tsx';
import { localConnection, remoteConnection } from './status-fixtures.ts';

const keepsNotes: ConnectionView = { ...localConnection, capabilities: ['history', 'maintenance', 'notes'] };
const specOnly: ConnectionView = { ...localConnection, name: 'Work', capabilities: [] };

const api: Monitor = { id: 'mon_1', name: 'API', type: 'http', url: 'https://api.example.com/health', frequency: 60, last_status: 'up', notes: 'Restart with systemctl restart api.' };
const backup: Heartbeat = { id: 'hb_1', name: 'Backup', expected_interval: 3600, ping_url: 'https://vigil.example/ping/hb_1', notes: 'Runs on db-2.' };
const site: Domain = { id: 'dom_1', domain: 'example.com' };

let stopLists: () => void = () => undefined;
beforeEach(() => {
  stopLists = followStatusLists();
});
afterEach(() => stopLists());

const notesBox = () => screen.getByRole('textbox', { name: 'Notes' });

describe('the notes box in the forms', () => {
  beforeEach(() => useStatus.getState().receive(status({ connection: keepsNotes })));

  it('sends trimmed notes with a new monitor', async () => {
    const fake = fakeApi({ createMonitor: async () => ({ ...api, notes: 'Call Ana.' }) });
    const user = renderForUser(<MonitorForm onClose={() => undefined} />);
    expect(screen.getByText('What this is and what to do when it fails: a runbook line, a link.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'API');
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'https://api.example.com/health');
    await user.type(notesBox(), '  Call Ana.{Enter}  ');
    await user.click(screen.getByRole('button', { name: 'Create monitor' }));
    await waitFor(() => expect(fake.calls).toHaveLength(1));
    expect(fake.calls[0]?.args[1]).toMatchObject({ name: 'API', notes: 'Call Ana.' });
  });

  it('leaves a blank box out of a new domain', async () => {
    const fake = fakeApi({ createDomain: async () => site });
    const user = renderForUser(<DomainForm onClose={() => undefined} />);
    await user.type(screen.getByRole('textbox', { name: 'Domain' }), 'example.com');
    await user.type(notesBox(), '   ');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    await waitFor(() => expect(fake.calls).toEqual([{ method: 'createDomain', args: ['local', { domain: 'example.com' }] }]));
  });

  it('counts the characters as the bound comes near, and refuses an over-long text in the rule’s words', async () => {
    const fake = fakeApi();
    const user = renderForUser(<MonitorForm onClose={() => undefined} />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'API');
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'https://api.example.com/health');
    fireEvent.change(notesBox(), { target: { value: 'x'.repeat(100) } });
    expect(screen.queryByText(/ \/ 2,000$/)).toBeNull();
    // An emoji is one character, as the rule counts them.
    fireEvent.change(notesBox(), { target: { value: '🙂'.repeat(1_700) } });
    expect(screen.getByText('1,700 / 2,000')).toBeTruthy();
    fireEvent.change(notesBox(), { target: { value: 'x'.repeat(NOTES_LENGTH + 1) } });
    expect(screen.getByText('2,001 / 2,000')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create monitor' }));
    expect(screen.getByText('Must be at most 2,000 characters.')).toBeTruthy();
    expect(notesBox().getAttribute('aria-invalid')).toBe('true');
    expect(fake.calls).toEqual([]);
  });

  it('sends null for notes cleared in an edit, and nothing for notes left as they were', async () => {
    const fake = fakeApi({ updateMonitor: async () => api });
    useStatus.getState().receive(status({ connection: keepsNotes, monitors: [api] }));
    const user = renderForUser(<MonitorForm editing={{ monitor: api, connectionId: 'local' }} onClose={() => undefined} />);
    expect(notesBox()).toHaveProperty('value', 'Restart with systemctl restart api.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fake.calls).toHaveLength(1));
    expect(fake.calls[0]?.args[2]).not.toHaveProperty('notes');

    const { unmount } = render(<MonitorForm editing={{ monitor: api, connectionId: 'local' }} onClose={() => undefined} />);
    const [, second] = screen.getAllByRole('textbox', { name: 'Notes' });
    await user.clear(second as HTMLElement);
    await user.click(screen.getAllByRole('button', { name: 'Save changes' })[1] as HTMLElement);
    await waitFor(() => expect(fake.calls).toHaveLength(2));
    expect(fake.calls[1]?.args[2]).toMatchObject({ name: 'API', notes: null });
    unmount();
  });

  it('drops an edit begun before the monitor’s notes changed elsewhere: saving it would undo that change', async () => {
    fakeApi();
    const user = userEvent.setup();
    const { rerender } = render(<MonitorForm editing={{ monitor: api, connectionId: 'local' }} onClose={() => undefined} />);
    await user.type(notesBox(), ' Then tell Ana.');
    expect(notesBox()).toHaveProperty('value', 'Restart with systemctl restart api. Then tell Ana.');
    rerender(<MonitorForm editing={{ monitor: { ...api, notes: 'Moved to k8s.' }, connectionId: 'local' }} onClose={() => undefined} />);
    expect(notesBox()).toHaveProperty('value', 'Moved to k8s.');
  });

  it('still offers notes on a server without them, and says Vigil keeps them on this computer', () => {
    useStatus.getState().receive(status({ connection: specOnly }));
    fakeApi();
    render(<MonitorForm onClose={() => undefined} />);
    expect(notesBox()).toBeTruthy();
    expect(screen.getByText('Work does not store notes: Vigil keeps them on this computer.')).toBeTruthy();
  });

  it('says nothing of where notes are kept on a server that keeps them, nor before the server has said what it offers', () => {
    fakeApi();
    const { unmount } = render(<MonitorForm onClose={() => undefined} />);
    expect(screen.queryByText(/Vigil keeps them on this computer/)).toBeNull();
    unmount();
    useStatus.getState().receive(status({ connection: localConnection }));
    render(<MonitorForm onClose={() => undefined} />);
    expect(notesBox()).toBeTruthy();
    expect(screen.queryByText(/Vigil keeps them on this computer/)).toBeNull();
  });
});

describe('Edit notes… on heartbeat and domain rows', () => {
  it('saves a heartbeat’s notes through updateHeartbeat, shows them at once, and clears them with null', async () => {
    const fake = fakeApi({ updateHeartbeat: async (_connectionId: string, _id: string, edits: { notes?: string | null }) => ({ ...backup, notes: edits.notes ?? undefined }) });
    useStatus.getState().receive(status({ connection: keepsNotes, heartbeats: [backup] }));
    const user = renderForUser(<HeartbeatsView />);
    await user.click(await screen.findByRole('button', { name: 'Edit notes for Backup' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit notes for Backup' });
    const box = within(dialog).getByRole('textbox', { name: 'Notes' });
    expect(box).toHaveProperty('value', 'Runs on db-2.');
    await user.clear(box);
    await user.type(box, 'Runs on db-3.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls.filter((call) => call.method === 'updateHeartbeat')).toEqual([{ method: 'updateHeartbeat', args: ['local', 'hb_1', { notes: 'Runs on db-3.' }] }]));
    await waitFor(() => expect(useHeartbeats.getState().rows[0]?.item.notes).toBe('Runs on db-3.'));

    await user.click(screen.getByRole('button', { name: 'Edit notes for Backup' }));
    await user.clear(within(screen.getByRole('dialog')).getByRole('textbox', { name: 'Notes' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls.filter((call) => call.method === 'updateHeartbeat')[1]?.args).toEqual(['local', 'hb_1', { notes: null }]));
  });

  it('leaves the row’s Edit notes… to the item’s page beside a Server column, where the row has no room for it', async () => {
    fakeApi();
    const work = remoteConnection('work', 'Work', { capabilities: ['notes'] });
    useStatus.getState().receive(status({ servers: [{ connection: keepsNotes, heartbeats: [backup] }, { connection: work, heartbeats: [{ ...backup, id: 'hb_2' }] }] }));
    render(<HeartbeatsView />);
    expect(await screen.findAllByRole('button', { name: 'Snooze Backup' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Edit notes/ })).toBeNull();
  });

  it('saves a domain’s notes through updateDomain', async () => {
    const fake = fakeApi({ updateDomain: async () => ({ ...site, notes: 'Renewed by finance.' }) });
    useStatus.getState().receive(status({ connection: keepsNotes, domains: [site] }));
    const user = renderForUser(<DomainsView />);
    await user.click(await screen.findByRole('button', { name: 'Edit notes for example.com' }));
    await user.type(within(screen.getByRole('dialog')).getByRole('textbox', { name: 'Notes' }), 'Renewed by finance.');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls.filter((call) => call.method === 'updateDomain')).toEqual([{ method: 'updateDomain', args: ['local', 'dom_1', { notes: 'Renewed by finance.' }] }]));
  });
});

describe('the item page’s notes', () => {
  const NOW = Date.UTC(2026, 10, 21, 12);

  function openPage(itemKey: string, kind: 'monitor' | 'heartbeat', lists: { monitors?: Monitor[]; heartbeats?: Heartbeat[] }) {
    fakeApi({ getItemHistory: async () => itemHistory(NOW, '24h', { key: itemKey, kind }) });
    useStatus.getState().receive(status({ connection: keepsNotes, ...lists, items: [{ key: itemKey.slice('local/'.length), kind, name: 'API', health: 'ok', state: 'up', detail: '', since: NOW - 60_000 }] }));
    return renderForUser(<ItemPage itemKey={itemKey} />);
  }

  it('shows the notes under their label, lines kept and https addresses as links', () => {
    const notes = 'Runbook: https://wiki.example/api.\nNot http://plain.example';
    openPage('local/monitor:mon_1', 'monitor', { monitors: [{ ...api, notes }] });
    const section = screen.getByRole('region', { name: 'Notes' });
    expect(section.querySelector('.item-annotation-text')?.textContent).toBe(notes);
    expect(within(section).getByRole('link', { name: 'https://wiki.example/api' }).getAttribute('href')).toBe('https://wiki.example/api');
    expect(within(section).queryByRole('link', { name: /plain/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add notes' })).toBeNull();
  });

  it('offers to add notes where there are none, and edits a heartbeat’s in the dialog', async () => {
    const user = openPage('local/heartbeat:hb_1', 'heartbeat', { heartbeats: [{ ...backup, notes: undefined }] });
    expect(screen.queryByRole('region', { name: 'Notes' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add notes' }));
    expect(screen.getByRole('dialog', { name: 'Edit notes for API' })).toBeTruthy();
  });
});

describe('linkedParts', () => {
  it('links https addresses only, leaving a sentence’s punctuation and an unopened bracket outside', () => {
    expect(linkedParts('See (https://wiki.example/a_(b)), then https://x.example/y. Or http://no.example')).toEqual([
      { text: 'See (' },
      { text: 'https://wiki.example/a_(b)', href: 'https://wiki.example/a_(b)' },
      { text: '), then ' },
      { text: 'https://x.example/y', href: 'https://x.example/y' },
      { text: '. Or http://no.example' },
    ]);
  });
});

describe('an annotation’s bound', () => {
  it('is the one its input checks, so the form counts toward what the server refuses', () => {
    const [notes] = ANNOTATION_FIELDS.monitor;
    expect(notes?.maxLength).toBe(NOTES_LENGTH);
    expect(notes?.input?.safeParse('😀'.repeat(NOTES_LENGTH)).success).toBe(true);
    expect(notes?.input?.safeParse('x'.repeat(NOTES_LENGTH + 1)).success).toBe(false);
  });
});
