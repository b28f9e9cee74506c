// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { NotificationHandler } from '../../common/ipc/views.ts';
import { useNavigation } from '../../renderer/state/navigation-store.ts';
import { useHandlers } from '../../renderer/state/resources.ts';
import { useStatus } from '../../renderer/state/status-store.ts';
import { HandlersView } from '../../renderer/views/handlers/handlers-view.tsx';
import { callError, fakeApi, renderForUser, status } from './renderer-harness.tsx';
import { localConnection, remoteConnection } from './status-fixtures.ts';

const onCall: NotificationHandler = { id: 'h1', name: 'On call', type: 'email', destination: 'oncall@example.com' };
const slack: NotificationHandler = { id: 'h2', name: 'Team chat', type: 'slack', destination: '#ops' };

function connect(kind: 'local' | 'remote') {
  useStatus.getState().receive(status({ connection: kind === 'local' ? localConnection : remoteConnection('remote', 'Work') }));
}

function optionsOf(select: HTMLElement): string[] {
  return within(select)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
}

async function openForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'New handler' }));
  return screen.getByRole('dialog', { name: 'New notification handler' });
}

describe('HandlersView', () => {
  it('lists the handlers when it opens, saying so while it waits', async () => {
    let answer: (handlers: NotificationHandler[]) => void = () => undefined;
    const fake = fakeApi({ listNotificationHandlers: () => new Promise((resolve) => (answer = resolve)) });
    connect('local');
    render(<HandlersView />);
    expect(screen.getByRole('heading', { name: 'Loading notification handlers…' })).toBeTruthy();
    expect(fake.calls).toEqual([{ method: 'listNotificationHandlers', args: ['local'] }]);
    answer([onCall]);
    expect(await screen.findByText('oncall@example.com')).toBeTruthy();
    expect(screen.getByText('1 handler receives alerts.')).toBeTruthy();
  });

  it('shows why listing failed, with a retry that works', async () => {
    let attempts = 0;
    fakeApi({ listNotificationHandlers: async () => (++attempts === 1 ? Promise.reject(callError('The server did not answer in time.')) : [onCall]) });
    connect('remote');
    const user = renderForUser(<HandlersView />);
    expect(await screen.findByText('The server did not answer in time.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('On call')).toBeTruthy();
    expect(screen.queryByText('The server did not answer in time.')).toBeNull();
  });

  it('says what a handler is for when there is none yet', async () => {
    fakeApi({ listNotificationHandlers: async () => [] });
    connect('local');
    render(<HandlersView />);
    expect(await screen.findByRole('heading', { name: 'No notification handlers yet' })).toBeTruthy();
    expect(screen.getByText(/where alerts go, like an email address or a webhook/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create your first handler' })).toBeTruthy();
  });

  it('offers only email and webhook for the local service, checks the destination per type, and points email at the SMTP settings', async () => {
    const fake = fakeApi({ listNotificationHandlers: async () => [slack] });
    connect('local');
    const user = renderForUser(<HandlersView />);
    const dialog = await openForm(user);
    const type = within(dialog).getByRole('combobox', { name: 'Type' });
    expect(optionsOf(type)).toEqual(['Email', 'Webhook']);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Alerts');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email address' }), 'https://hooks.example.com/x');
    await user.click(within(dialog).getByRole('button', { name: 'Create handler' }));
    expect(within(dialog).getByText('Must be a single email address, like name@example.com.')).toBeTruthy();
    await user.selectOptions(type, 'webhook');
    // The same text is a fine webhook URL, and a plain address is not.
    expect(within(dialog).queryByText(/Must be/)).toBeNull();
    const url = within(dialog).getByRole('textbox', { name: 'Webhook URL' });
    await user.clear(url);
    await user.type(url, 'oncall@example.com');
    expect(within(dialog).getByRole('textbox', { name: 'Webhook URL' }).getAttribute('aria-invalid')).toBe('true');
    expect(fake.calls.filter((call) => call.method === 'createNotificationHandler')).toEqual([]);
    await user.selectOptions(type, 'email');
    await user.click(within(dialog).getByRole('button', { name: 'Open Settings' }));
    expect(useNavigation.getState().view).toBe('settings');
  });

  it('offers a remote server’s own types and any other, checked as the server would take them', async () => {
    const fake = fakeApi({ listNotificationHandlers: async () => [onCall, slack], createNotificationHandler: async (_connectionId, body) => ({ id: 'h3', ...body }) });
    connect('remote');
    const user = renderForUser(<HandlersView />);
    await screen.findByText('Team chat');
    const dialog = await openForm(user);
    const type = within(dialog).getByRole('combobox', { name: 'Type' });
    expect(optionsOf(type)).toEqual(['Email', 'Webhook', 'slack', 'Other type…']);
    expect(within(dialog).queryByRole('button', { name: 'Open Settings' })).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Pager');
    await user.selectOptions(type, '(other)');
    await user.type(within(dialog).getByRole('textbox', { name: 'Other type' }), 'Pager Duty');
    await user.type(within(dialog).getByRole('textbox', { name: 'Destination' }), 'PXXXXXX');
    await user.click(within(dialog).getByRole('button', { name: 'Create handler' }));
    expect(within(dialog).getByRole('textbox', { name: 'Other type' }).getAttribute('aria-invalid')).toBe('true');
    const other = within(dialog).getByRole('textbox', { name: 'Other type' });
    await user.clear(other);
    await user.type(other, 'pagerduty');
    await user.click(within(dialog).getByRole('button', { name: 'Create handler' }));
    expect(fake.calls.filter((call) => call.method === 'createNotificationHandler')).toEqual([
      { method: 'createNotificationHandler', args: ['remote', { name: 'Pager', type: 'pagerduty', destination: 'PXXXXXX' }] },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(useHandlers.getState().rows.map((row) => row.key)).toEqual(['remote/handler:h1', 'remote/handler:h2', 'remote/handler:h3']);
  });

  it('shows a new handler at once and rolls it back, keeping the input and the server’s field error, when creating fails', async () => {
    let fail: (error: unknown) => void = () => undefined;
    fakeApi({
      listNotificationHandlers: async () => [onCall],
      createNotificationHandler: () => new Promise((_resolve, reject) => (fail = reject)),
    });
    connect('local');
    const user = renderForUser(<HandlersView />);
    await screen.findByText('On call');
    const dialog = await openForm(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Ops hook');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Type' }), 'webhook');
    await user.type(within(dialog).getByRole('textbox', { name: 'Webhook URL' }), 'https://hooks.example.com/ops');
    await user.click(within(dialog).getByRole('button', { name: 'Create handler' }));
    expect(useHandlers.getState().rows).toMatchObject([{ key: 'local/handler:h1' }, { saving: true, item: { name: 'Ops hook', type: 'webhook' } }]);
    fail(callError('The server refused the handler.', [{ field: '0.destination', message: 'must not point at the server itself' }]));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'The server refused the handler.');
    expect(within(dialog).getByText('Must not point at the server itself.')).toBeTruthy();
    expect(useHandlers.getState().rows).toMatchObject([{ key: 'local/handler:h1' }]);
    expect(useHandlers.getState().rows).toHaveLength(1);
    // Closed with Escape (not Cancel, which discards): the draft is still there when the form opens again.
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    const again = await openForm(user);
    expect(within(again).getByRole('textbox', { name: 'Webhook URL' })).toHaveProperty('value', 'https://hooks.example.com/ops');
  });

  it('deletes only after confirmation', async () => {
    const fake = fakeApi({ listNotificationHandlers: async () => [onCall] });
    connect('local');
    const user = renderForUser(<HandlersView />);
    await user.click(await screen.findByRole('button', { name: 'Delete On call' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete On call?' });
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' }));
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(fake.calls.map((call) => call.method)).toEqual(['listNotificationHandlers']);
    await user.click(screen.getByRole('button', { name: 'Delete On call' }));
    await user.click(screen.getByRole('button', { name: 'Delete handler' }));
    expect(fake.calls.at(-1)).toEqual({ method: 'deleteNotificationHandler', args: ['local', 'h1'] });
    await waitFor(() => expect(screen.queryByText('On call')).toBeNull());
  });
});
