// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConnectionView } from '../../common/ipc/views.ts';
import { holdsTypedInput } from '../../renderer/state/drafts-store.ts';
import { connectionFocusKey, useNavigation } from '../../renderer/state/navigation-store.ts';
import { useNotices } from '../../renderer/state/notices-store.ts';
import { useStatus } from '../../renderer/state/status-store.ts';
import { callError, status } from './renderer-harness.tsx';
import { argsOf, localConnection, remoteConnection, renderSettings } from './settings-fixtures.tsx';

const card = (name: string) => screen.getByRole('article', { name });
const addForm = () => screen.getByRole('form', { name: 'Add a server' });

async function typeNewServer(user: ReturnType<typeof userEvent.setup>, token = 'tok_123') {
  const form = addForm();
  await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Staging');
  await user.type(within(form).getByRole('textbox', { name: 'Base URL' }), 'https://staging.example.com/api');
  await user.type(within(form).getByLabelText('Token'), token);
}

describe('Settings: connections', () => {
  it('lists each server with its address, kind, sign-in state and whether it is watched', async () => {
    const expiresAt = Date.now() + 10 * 86_400_000;
    await renderSettings({ listConnections: async () => [localConnection, { ...remoteConnection, tokenExpiresAt: expiresAt }] });
    const local = card('This computer');
    expect(local.textContent).toContain('http://127.0.0.1:7070/api');
    expect(local.textContent).toContain('Built in');
    expect(within(local).getByRole('switch', { name: 'Watch This computer' })).toHaveProperty('checked', true);
    expect(within(local).queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(within(local).queryByRole('button', { name: /^Replace token/ })).toBeNull();
    const remote = card('Production');
    expect(remote.textContent).toContain('Remote server');
    expect(remote.textContent).toContain('Signed in');
    expect(remote.textContent).toContain('Token expires in 10 days');
    // Every card has these buttons: each one's name says which server it is for; the text stays short.
    expect(within(remote).getByRole('switch', { name: 'Watch Production' })).toHaveProperty('checked', false);
    expect(within(remote).getByText('Not watched')).toBeTruthy();
    expect(within(remote).getByRole('button', { name: 'Replace token for Production' }).textContent).toBe('Replace token');
    expect(within(remote).getByRole('button', { name: 'Remove Production' }).textContent).toBe('Remove');
  });

  it('tests a new server without saving anything and shows what the server answered', async () => {
    const fake = await renderSettings({ testConnection: async () => ({ ok: true, message: 'Connected: 3 monitors, 1 heartbeat, 2 domains' }) });
    const user = userEvent.setup();
    await typeNewServer(user);
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    const result = await screen.findByRole('status', { name: 'Connection test result' });
    await waitFor(() => expect(result.textContent).toBe('The server answered. Connected: 3 monitors, 1 heartbeat, 2 domains'));
    expect(result.querySelector('.form-result-ok')).not.toBeNull();
    expect(argsOf(fake, 'testConnection')).toEqual([[{ baseUrl: 'https://staging.example.com/api', token: 'tok_123' }]]);
    expect(argsOf(fake, 'addRemoteConnection')).toEqual([]);
  });

  it('shows a refused test as failed, and forgets the answer once the address changes', async () => {
    await renderSettings({ testConnection: async () => ({ ok: false, message: 'The server refused the token (401).' }) });
    const user = userEvent.setup();
    await typeNewServer(user);
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    const result = screen.getByRole('status', { name: 'Connection test result' });
    await waitFor(() => expect(result.textContent).toBe('The test failed. The server refused the token (401).'));
    expect(result.querySelector('.form-result-failed')).not.toBeNull();
    await user.type(within(addForm()).getByRole('textbox', { name: 'Base URL' }), '/v2');
    expect(result.textContent).toBe('');
  });

  it('adds a server: sends it trimmed, empties the form and the token field, and lists it', async () => {
    const added: ConnectionView = { id: 'staging', name: 'Staging', baseUrl: 'https://staging.example.com/api', kind: 'remote', sourceKind: 'vigil', enabled: true, auth: 'signed-in' };
    let connections = [localConnection];
    const fake = await renderSettings({
      listConnections: async () => connections,
      addRemoteConnection: async () => {
        connections = [localConnection, added];
        return added;
      },
    });
    const user = userEvent.setup();
    await typeNewServer(user, ' tok_123 ');
    await user.click(screen.getByRole('button', { name: 'Add server' }));
    expect(await screen.findByRole('article', { name: 'Staging' })).toBeTruthy();
    expect(argsOf(fake, 'addRemoteConnection')).toEqual([[{ name: 'Staging', baseUrl: 'https://staging.example.com/api', token: 'tok_123' }]]);
    const form = addForm();
    expect(within(form).getByLabelText('Token')).toHaveProperty('value', '');
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveProperty('value', '');
    expect(within(form).getByRole('textbox', { name: 'Base URL' })).toHaveProperty('value', '');
    // It is watched at once, and the notice says so in the terms of the control that changes it.
    expect(screen.getByRole('switch', { name: 'Watch Staging' })).toHaveProperty('checked', true);
    expect(useNotices.getState().notices.map((notice) => notice.text)).toEqual(['Staging added: Vigil watches it from now on. Its “Watch” switch turns that off.']);
  });

  it('keeps the name, URL and token typed when the server refuses, with its answer at the form and the field', async () => {
    const fake = await renderSettings({
      addRemoteConnection: () => Promise.reject(callError('The server address must end with /api.', [{ field: '0.baseUrl', message: 'must end with /api' }])),
    });
    const user = userEvent.setup();
    await typeNewServer(user);
    await user.click(screen.getByRole('button', { name: 'Add server' }));
    const form = addForm();
    expect(await within(form).findByRole('alert')).toHaveProperty('textContent', 'The server address must end with /api.');
    expect(within(form).getByText('Must end with /api.')).toBeTruthy();
    expect(within(form).getByRole('textbox', { name: 'Base URL' }).getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Staging');
    expect(within(form).getByRole('textbox', { name: 'Base URL' })).toHaveProperty('value', 'https://staging.example.com/api');
    expect(within(form).getByLabelText('Token')).toHaveProperty('value', 'tok_123');
    expect(argsOf(fake, 'listConnections')).toHaveLength(1);
  });

  it('checks the new server’s fields before calling the core', async () => {
    const fake = await renderSettings();
    const user = userEvent.setup();
    const form = addForm();
    await user.type(within(form).getByRole('textbox', { name: 'Base URL' }), 'monitor.example.com');
    await user.type(within(form).getByLabelText('Token'), 'two words');
    await user.click(screen.getByRole('button', { name: 'Add server' }));
    expect(within(form).getByText('Must not be empty.')).toBeTruthy();
    expect(within(form).getByText('Must start with http:// or https://.')).toBeTruthy();
    expect(within(form).getByText('Must be one word with no spaces.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(argsOf(fake, 'addRemoteConnection')).toEqual([]);
    expect(argsOf(fake, 'testConnection')).toEqual([]);
  });

  it('replaces a token through a write-only field that is emptied after saving and never shows the token', async () => {
    const fake = await renderSettings({ setConnectionToken: async (id) => ({ ...remoteConnection, id }) });
    const user = userEvent.setup();
    const production = card('Production');
    await user.click(within(production).getByRole('button', { name: 'Replace token for Production' }));
    const field = within(production).getByLabelText('New token');
    expect(field.getAttribute('type')).toBe('password');
    expect(field.getAttribute('autocomplete')).toBe('off');
    expect(field).toHaveProperty('value', '');
    expect(document.activeElement).toBe(field);
    expect(holdsTypedInput()).toBe(false);
    await user.type(field, 'secret-new-token');
    // A token is never kept as a draft, yet while typed the page holds it: the app window closed now only hides.
    expect(holdsTypedInput()).toBe(true);
    await user.click(within(production).getByRole('button', { name: 'Save token' }));
    await waitFor(() => expect(argsOf(fake, 'setConnectionToken')).toEqual([['prod', 'secret-new-token']]));
    await waitFor(() => expect(within(card('Production')).queryByLabelText('New token')).toBeNull());
    expect(holdsTypedInput()).toBe(false);
    expect(document.body.textContent).not.toContain('secret-new-token');
    await user.click(within(card('Production')).getByRole('button', { name: 'Replace token for Production' }));
    expect(within(card('Production')).getByLabelText('New token')).toHaveProperty('value', '');
    expect(argsOf(fake, 'listConnections').length).toBeGreaterThan(1);
  });

  it('shows why a rejected token needs replacing, with the token field open, and keeps the typed token on failure', async () => {
    const fake = await renderSettings({
      listConnections: async () => [localConnection, { ...remoteConnection, auth: 'rejected' }],
      setConnectionToken: () => Promise.reject(callError('setConnectionToken was called with invalid arguments.', [{ field: '1', message: 'must be at most 16384 characters' }])),
    });
    const user = userEvent.setup();
    const production = card('Production');
    expect(production.textContent).toContain('The server did not accept the saved token.');
    expect(within(production).queryByRole('button', { name: 'Replace token for Production' })).toBeNull();
    expect(within(production).queryByRole('button', { name: 'Cancel' })).toBeNull();
    await user.type(within(production).getByLabelText('New token'), 'abc');
    await user.click(within(production).getByRole('button', { name: 'Save token' }));
    expect(await within(production).findByText('Must be at most 16384 characters.')).toBeTruthy();
    expect(within(production).getByLabelText('New token')).toHaveProperty('value', 'abc');
    expect(argsOf(fake, 'setConnectionToken')).toEqual([['prod', 'abc']]);
  });

  it('watches a server or stops watching it, each on its own switch', async () => {
    let connections = [localConnection, remoteConnection];
    const fake = await renderSettings({
      listConnections: async () => connections,
      setConnectionEnabled: async (id, enabled) => {
        connections = connections.map((connection) => (connection.id === id ? { ...connection, enabled } : connection));
        return connections.find((connection) => connection.id === id) ?? localConnection;
      },
    });
    const user = userEvent.setup();
    const watchProduction = within(card('Production')).getByRole('switch', { name: 'Watch Production' });
    expect(watchProduction).toHaveProperty('checked', false);
    expect(within(card('Production')).getByText('Not watched')).toBeTruthy();
    expect(within(card('This computer')).getByRole('switch', { name: 'Watch This computer' })).toHaveProperty('checked', true);
    await user.click(watchProduction);
    await waitFor(() => expect(within(card('Production')).getByRole('switch', { name: 'Watch Production' })).toHaveProperty('checked', true));
    expect(within(card('Production')).queryByText('Not watched')).toBeNull();
    await user.click(within(card('This computer')).getByRole('switch', { name: 'Watch This computer' }));
    await waitFor(() => expect(within(card('This computer')).getByRole('switch', { name: 'Watch This computer' })).toHaveProperty('checked', false));
    expect(argsOf(fake, 'setConnectionEnabled')).toEqual([['prod', true], ['local', false]]);
  });

  it('removes a server only after confirmation, then puts the focus on the list’s heading; Cancel leaves it', async () => {
    let connections = [localConnection, remoteConnection];
    const fake = await renderSettings({
      listConnections: async () => connections,
      removeConnection: async () => {
        connections = [localConnection];
      },
    });
    const user = userEvent.setup();
    await user.click(within(card('Production')).getByRole('button', { name: 'Remove Production' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove Production?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(argsOf(fake, 'removeConnection')).toEqual([]);
    await user.click(within(card('Production')).getByRole('button', { name: 'Remove Production' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove server' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Production' })).toBeNull());
    expect(argsOf(fake, 'removeConnection')).toEqual([['prod']]);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Connections' }));
  });

  it('"Sign in again" lands in that server’s token field', async () => {
    useNavigation.getState().go('settings', connectionFocusKey('prod'));
    await renderSettings({ listConnections: async () => [localConnection, { ...remoteConnection, enabled: true, auth: 'expiring' }] });
    const field = within(card('Production')).getByLabelText('New token');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(card('Production').textContent).toContain('The token expires soon.');
    await waitFor(() => expect(useNavigation.getState().focusKey).toBeUndefined());
  });

  it('fetches the list again when the status reports another set of connections or a sign-in state', async () => {
    useStatus.getState().receive(status());
    const fake = await renderSettings();
    // A new poll of the same connection changes nothing in the list.
    useStatus.getState().receive(status({ lastSuccessfulPollAt: Date.now() }));
    useStatus.getState().receive(status({ servers: [{}, { connection: { ...remoteConnection, enabled: true, auth: 'rejected' } }] }));
    await waitFor(() => expect(argsOf(fake, 'listConnections')).toHaveLength(2));
    useStatus.getState().receive(status({ servers: [{}, { connection: { ...remoteConnection, enabled: true, auth: 'signed-in' } }] }));
    await waitFor(() => expect(argsOf(fake, 'listConnections')).toHaveLength(3));
  });
});
