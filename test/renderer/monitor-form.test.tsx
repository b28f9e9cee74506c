// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Monitor } from '../../common/ipc/views.ts';
import { guardTypedInput } from '../../renderer/state/drafts-store.ts';
import { MonitorForm } from '../../renderer/views/monitors/monitor-form.tsx';
import { useMonitors } from '../../renderer/state/resources.ts';
import { useStatus } from '../../renderer/state/status-store.ts';
import { callError, fakeApi, renderForUser, status } from './renderer-harness.tsx';

const saved: Monitor = { id: 'mon_1', name: 'API', type: 'http', url: 'https://api.example.com/health', frequency: 300, last_status: 'unknown' };

describe('MonitorForm', () => {
  // One server watched: the form does not ask which.
  beforeEach(() => useStatus.getState().receive(status()));

  it('checks the target per type before sending anything', async () => {
    const fake = fakeApi();
    const user = renderForUser(<MonitorForm onClose={() => undefined} />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'DB');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'tcp');
    await user.type(screen.getByRole('textbox', { name: 'Host and port' }), 'db.example.com');
    await user.click(screen.getByRole('button', { name: 'Create monitor' }));
    expect(screen.getByRole('textbox', { name: 'Host and port' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/host:port/i)).toBeTruthy();
    expect(fake.calls).toEqual([]);
  });

  it('says what a web address looks like, and the frequency in the units typed', async () => {
    const fake = fakeApi();
    const user = renderForUser(<MonitorForm onClose={() => undefined} />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Site');
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'not a url');
    const amount = screen.getByRole('textbox', { name: 'Check every: amount' });
    await user.clear(amount);
    await user.type(amount, '25');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Check every: unit' }), 'hours');
    await user.click(screen.getByRole('button', { name: 'Create monitor' }));
    expect(screen.getByText('Must be a full web address, like https://example.com.')).toBeTruthy();
    expect(screen.getByText('Must be between 10 seconds and 1 day.')).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: 'URL' }));
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'example.com/health');
    expect(screen.getByText('Must start with http:// or https://, like https://example.com/health.')).toBeTruthy();
    expect(fake.calls).toEqual([]);
  });

  it('creates with the frequency in seconds, shows the row at once and closes', async () => {
    let finish: (monitor: Monitor) => void = () => undefined;
    const fake = fakeApi({ createMonitor: () => new Promise((resolve) => (finish = resolve)) });
    const user = userEvent.setup();
    let closed = false;
    render(<MonitorForm onClose={() => (closed = true)} />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'API');
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'https://api.example.com/health');
    await user.clear(screen.getByRole('textbox', { name: 'Check every: amount' }));
    await user.type(screen.getByRole('textbox', { name: 'Check every: amount' }), '5');
    await user.click(screen.getByRole('button', { name: 'Create monitor' }));
    expect(fake.calls).toEqual([{ method: 'createMonitor', args: ['local', { name: 'API', type: 'http', url: 'https://api.example.com/health', frequency: 300 }] }]);
    expect(useMonitors.getState().rows).toMatchObject([{ saving: true, item: { name: 'API' } }]);
    finish(saved);
    await waitFor(() => expect(closed).toBe(true));
    expect(useMonitors.getState().rows).toMatchObject([{ key: 'local/monitor:mon_1', saving: false }]);
  });

  it('keeps everything typed and shows the server’s field error when the save fails, and rolls the row back', async () => {
    fakeApi({ createMonitor: () => Promise.reject(callError('The server refused the monitor.', [{ field: '0.url', message: 'must not point at the server itself' }])) });
    const user = userEvent.setup();
    const { unmount } = render(<MonitorForm onClose={() => undefined} />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Self');
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'http://127.0.0.1:1/');
    await user.click(screen.getByRole('button', { name: 'Create monitor' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'The server refused the monitor.');
    expect(screen.getByText('Must not point at the server itself.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Self');
    expect(useMonitors.getState().rows).toEqual([]);
    // Closed and opened again: the draft is still there.
    unmount();
    render(<MonitorForm onClose={() => undefined} />);
    expect(screen.getByRole('textbox', { name: 'URL' })).toHaveProperty('value', 'http://127.0.0.1:1/');
  });

  it('edits: sends the edited fields for the core to build the full object, and updates the row optimistically', async () => {
    const fake = fakeApi({ updateMonitor: async (_connectionId, _id, body) => ({ ...saved, ...body }) });
    useMonitors.getState().setBase('local', [saved], Date.now());
    const user = renderForUser(<MonitorForm editing={{ monitor: saved, connectionId: 'local' }} onClose={() => undefined} />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Public API');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(fake.calls).toEqual([{ method: 'updateMonitor', args: ['local', 'mon_1', { name: 'Public API', type: 'http', url: 'https://api.example.com/health', frequency: 300 }] }]);
    await waitFor(() => expect(useMonitors.getState().rows).toMatchObject([{ item: { name: 'Public API' }, saving: false }]));
  });

  it('offers DNS only for editing a dns monitor, whose lookup it leaves to the server', async () => {
    const dns: Monitor = { id: 'mon_2', name: 'Mail', type: 'dns', url: 'example.com', frequency: 300, dns: { record: 'MX' } };
    const fake = fakeApi({ updateMonitor: async (_connectionId, _id, body) => ({ ...dns, ...body }) });
    useMonitors.getState().setBase('local', [dns], Date.now());
    const user = userEvent.setup();
    const created = render(<MonitorForm onClose={() => undefined} />);
    const optionsOf = () => Array.from(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Type' }).options, (option) => option.text);
    expect(optionsOf()).not.toContain('DNS');
    created.unmount();
    render(<MonitorForm editing={{ monitor: dns, connectionId: 'local' }} onClose={() => undefined} />);
    expect(optionsOf()).toContain('DNS');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), ' MX');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(fake.calls).toEqual([{ method: 'updateMonitor', args: ['local', 'mon_2', { name: 'Mail MX', type: 'dns', url: 'example.com', frequency: 300 }] }]);
  });

  it('Cancel throws the draft away; a draft of an older version of the monitor is not offered for editing', async () => {
    fakeApi();
    const user = userEvent.setup();
    const first = render(<MonitorForm onClose={() => undefined} />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Half typed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    first.unmount();
    const second = render(<MonitorForm onClose={() => undefined} />);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', '');
    second.unmount();

    const edit = render(<MonitorForm editing={{ monitor: saved, connectionId: 'local' }} onClose={() => undefined} />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), ' v2');
    edit.unmount();
    render(<MonitorForm editing={{ monitor: { ...saved, url: 'https://api.example.com/ready' }, connectionId: 'local' }} onClose={() => undefined} />);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'API');
    expect(screen.getByRole('textbox', { name: 'URL' })).toHaveProperty('value', 'https://api.example.com/ready');
  });

  it('holds the page while its draft is unsaved: the unload is cancelled until Cancel throws the draft away', async () => {
    fakeApi();
    const stop = guardTypedInput(window);
    const unloadCancelled = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const user = userEvent.setup();
    const form = render(<MonitorForm onClose={() => undefined} />);
    expect(unloadCancelled()).toBe(false);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Half typed');
    // Closed with Escape or by a view switch, the form keeps its draft: the app window closed now would only hide.
    form.unmount();
    expect(unloadCancelled()).toBe(true);
    render(<MonitorForm onClose={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(unloadCancelled()).toBe(false);
    stop();
  });

  it('locks the fields while saving, also when the form is opened again mid-save', async () => {
    fakeApi({ createMonitor: () => new Promise(() => undefined) });
    const user = userEvent.setup();
    const first = render(<MonitorForm onClose={() => undefined} />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'API');
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'https://api.example.com/health');
    await user.click(screen.getByRole('button', { name: 'Create monitor' }));
    first.unmount();
    render(<MonitorForm onClose={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Saving…' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('textbox', { name: 'Name' }).closest('fieldset')?.disabled).toBe(true);
  });
});
