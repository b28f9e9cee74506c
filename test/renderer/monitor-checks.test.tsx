// @vitest-environment happy-dom
// The monitor form, list and page against a server with the `checks` extension (docs/api-decisions.md §16), and
// against one without it.
import { render, screen, within } from '@testing-library/react';
import type { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../../common/api/index.ts';
import type { Monitor } from '../../common/ipc/views.ts';
import { checkDraftOf, checkFieldsOf, checkProblems, editedHeaderValue, usedSections } from '../../renderer/views/monitors/check-draft.ts';
import { certificateView, shortCertificateLabel } from '../../renderer/views/monitors/last-check.ts';
import { LastCheckCell, LastCheckSection } from '../../renderer/views/monitors/last-check-view.tsx';
import { MonitorForm } from '../../renderer/views/monitors/monitor-form.tsx';
import { useMonitors } from '../../renderer/state/resources.ts';
import { useStatus } from '../../renderer/state/status-store.ts';
import { callError, fakeApi, renderForUser, status } from './renderer-harness.tsx';
import { localConnection } from './status-fixtures.ts';

const withChecks = () => status({ connection: { ...localConnection, capabilities: ['history', 'maintenance', 'checks'] } });
const specOnly = () => status({ connection: { ...localConnection, capabilities: [] } });

const stored: Monitor = {
  id: 'mon_1',
  name: 'API',
  type: 'http',
  url: 'https://api.example.com/health',
  frequency: 300,
  last_status: 'down',
  method: 'GET',
  headers: { 'X-Api-Key': SECRET_MASK, 'X-Tenant': SECRET_MASK, Accept: 'application/json' },
  secret_headers: ['X-Tenant'],
  expect: { status: [200], body_contains: 'ok' },
  retry_seconds: 20,
};

async function fillSpecFields(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'API');
  await user.type(screen.getByRole('textbox', { name: 'URL' }), 'https://api.example.com/health');
}

describe('the monitor form with the checks extension', () => {
  beforeEach(() => useStatus.getState().receive(withChecks()));

  it('offers closed sections, and creates with a secret header and expectations', async () => {
    const fake = fakeApi({ createMonitor: async (_id, body) => ({ ...stored, ...body }) });
    const user = renderForUser(<MonitorForm onClose={() => undefined} />);
    await fillSpecFields(user);
    const request = screen.getByText('Request').closest('details');
    expect(request?.open).toBe(false);
    await user.click(screen.getByText('Request'));
    await user.click(screen.getByRole('button', { name: 'Add header' }));
    // The new row takes the focus.
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name of header 1' }));
    await user.keyboard('X-Tenant');
    // A value marked secret is typed out of sight.
    await user.click(screen.getByRole('checkbox', { name: 'Secret' }));
    const value = screen.getByLabelText('Value of X-Tenant');
    expect(value.getAttribute('type')).toBe('password');
    await user.type(value, 'acme');
    await user.click(screen.getByText('Expectations'));
    await user.type(screen.getByRole('textbox', { name: 'Status codes' }), '200, 3xx');
    await user.type(screen.getByRole('textbox', { name: 'Body contains' }), 'ok');
    await user.click(screen.getByRole('button', { name: 'Add JSON value' }));
    await user.type(screen.getByRole('textbox', { name: 'Path of JSON value 1' }), '$.status');
    await user.type(screen.getByRole('textbox', { name: 'Expected JSON value 1' }), 'ok');
    await user.click(screen.getByRole('button', { name: 'Create monitor' }));
    expect(fake.calls).toEqual([
      {
        method: 'createMonitor',
        args: [
          'local',
          {
            name: 'API', type: 'http', url: 'https://api.example.com/health', frequency: 60,
            method: 'GET', headers: { 'X-Tenant': 'acme' }, secret_headers: ['X-Tenant'],
            expect: { status: [200, '3xx'], body_contains: 'ok', json: [{ path: '$.status', equals: 'ok' }] },
          },
        ],
      },
    ]);
  });

  it('checks by the service’s rules before sending, and shows each problem at its field', async () => {
    const fake = fakeApi();
    const user = renderForUser(<MonitorForm onClose={() => undefined} />);
    await fillSpecFields(user);
    await user.click(screen.getByText('Expectations'));
    await user.type(screen.getByRole('textbox', { name: 'Status codes' }), '200, 20x');
    await user.click(screen.getByRole('button', { name: 'Add JSON value' }));
    await user.type(screen.getByRole('textbox', { name: 'Path of JSON value 1' }), '$..deep');
    await user.type(screen.getByRole('textbox', { name: 'Expected JSON value 1' }), 'true');
    await user.click(screen.getByRole('button', { name: 'Create monitor' }));
    expect(fake.calls).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Status codes' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/status code from 100 to 599/)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Path of JSON value 1' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the server’s field errors at the header and opens their section', async () => {
    fakeApi({
      createMonitor: () => Promise.reject(callError('The server refused the monitor.', [{ field: '1.headers.X-Tenant', message: 'is a masked value with no stored value behind it: send the real value' }])),
    });
    const user = renderForUser(<MonitorForm onClose={() => undefined} />);
    await fillSpecFields(user);
    await user.click(screen.getByText('Request'));
    await user.click(screen.getByRole('button', { name: 'Add header' }));
    await user.type(screen.getByRole('textbox', { name: 'Name of header 1' }), 'X-Tenant');
    await user.type(screen.getByLabelText('Value of X-Tenant'), 'acme');
    await user.click(screen.getByText('Request'));
    expect(screen.getByText('Request').closest('details')?.open).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Create monitor' }));
    expect(await screen.findByText(/Is a masked value with no stored value/)).toBeTruthy();
    expect(screen.getByText('Request').closest('details')?.open).toBe(true);
    expect(screen.getByLabelText('Value of X-Tenant').getAttribute('aria-invalid')).toBe('true');
  });

  it('edits: opens what the monitor uses, shows secrets masked, and sends only what changed', async () => {
    const fake = fakeApi({ updateMonitor: async (_connectionId, _id, body) => ({ ...stored, ...body }) });
    useMonitors.getState().setBase('local', [stored], Date.now());
    const user = renderForUser(<MonitorForm editing={{ monitor: stored, connectionId: 'local' }} onClose={() => undefined} />);
    expect(screen.getByText('Request').closest('details')?.open).toBe(true);
    expect(screen.getByText('Expectations').closest('details')?.open).toBe(true);
    expect(screen.getByText('Re-check after a failure').closest('details')?.open).toBe(false);
    expect(screen.getByLabelText('Value of X-Api-Key')).toHaveProperty('value', SECRET_MASK);
    // The stored secret's mask is shown as it is; a value typed in its place is out of sight.
    expect(screen.getByLabelText('Value of X-Api-Key')).toHaveProperty('type', 'text');
    // X-Api-Key is always secret: its mark cannot be taken away.
    const apiKeyRow = screen.getByLabelText('Value of X-Api-Key').closest('.check-row') as HTMLElement;
    expect(within(apiKeyRow).getByRole('checkbox', { name: 'Secret' })).toHaveProperty('disabled', true);
    // X-Tenant's stored value stays secret until a new one is typed.
    const tenantRow = screen.getByLabelText('Value of X-Tenant').closest('.check-row') as HTMLElement;
    expect(within(tenantRow).getByRole('checkbox', { name: 'Secret' })).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Value of X-Tenant'), 'n');
    expect(screen.getByLabelText('Value of X-Tenant')).toHaveProperty('value', 'n');
    expect(screen.getByLabelText('Value of X-Tenant')).toHaveProperty('type', 'password');
    expect(within(tenantRow).getByRole('checkbox', { name: 'Secret' })).toHaveProperty('disabled', false);
    await user.clear(screen.getByLabelText('Value of X-Tenant'));
    await user.click(screen.getByRole('button', { name: 'Remove X-Tenant' }));
    await user.click(screen.getByRole('button', { name: 'Add header' }));
    await user.type(screen.getByRole('textbox', { name: 'Name of header 3' }), 'X-Tenant');
    await user.click(screen.getByLabelText('Value of X-Tenant'));
    await user.paste('globex');
    const contains = screen.getByRole('textbox', { name: 'Body contains' });
    await user.clear(contains);
    await user.type(contains, 'healthy');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(fake.calls).toEqual([
      {
        method: 'updateMonitor',
        args: [
          'local',
          'mon_1',
          {
            name: 'API', type: 'http', url: 'https://api.example.com/health', frequency: 300,
            headers: { 'X-Api-Key': SECRET_MASK, Accept: 'application/json', 'X-Tenant': 'globex' }, secret_headers: null, expect: { status: [200], body_contains: 'healthy' },
          },
        ],
      },
    ]);
  });

  it('offers the certificate settings for an http address too, for its redirect to https', async () => {
    const fake = fakeApi({ createMonitor: async (_id, body) => ({ ...body, id: 'mon_4' }) });
    const user = renderForUser(<MonitorForm onClose={() => undefined} />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Intranet');
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'http://intranet.example');
    expect(screen.getByText('Applies when this address redirects to https.')).toBeTruthy();
    expect(screen.getByText('Certificate').closest('details')?.open).toBe(false);
    await user.click(screen.getByText('Certificate'));
    await user.type(screen.getByRole('textbox', { name: 'Warn before expiry (days)' }), '14');
    await user.click(screen.getByRole('button', { name: 'Create monitor' }));
    expect(fake.calls[0]?.args[1]).toMatchObject({ url: 'http://intranet.example', tls: { expiry_days: [14], ignore_errors: false } });
  });

  it('warns when certificate errors are to be ignored', async () => {
    fakeApi();
    const user = renderForUser(<MonitorForm onClose={() => undefined} />);
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'https://intranet.example');
    await user.click(screen.getByText('Certificate'));
    await user.click(screen.getByRole('checkbox', { name: 'Ignore certificate errors' }));
    expect(screen.getByRole('note').textContent).toMatch(/will not make this monitor down/);
  });

  it('creates a dns monitor with its lookup, where the server offers the checks', async () => {
    const fake = fakeApi({ createMonitor: async (_id, body) => ({ ...body, id: 'mon_3' }) });
    const user = renderForUser(<MonitorForm onClose={() => undefined} />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Mail');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'dns');
    await user.type(screen.getByRole('textbox', { name: 'Host name' }), 'example.com');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Record type' }), 'MX');
    await user.type(screen.getByRole('textbox', { name: 'Expected values' }), '10 mail.example.com');
    await user.click(screen.getByRole('button', { name: 'Create monitor' }));
    expect(fake.calls).toEqual([{ method: 'createMonitor', args: ['local', { name: 'Mail', type: 'dns', url: 'example.com', frequency: 60, dns: { record: 'MX', expect: ['10 mail.example.com'] } }] }]);
  });

  it('offers the dns lookup for a dns monitor, checked by the shared rule', () => {
    fakeApi();
    const mail: Monitor = { id: 'mon_2', name: 'Mail', type: 'dns', url: 'example.com', frequency: 300, dns: { record: 'MX', expect: ['10 mail.example.com'] } };
    render(<MonitorForm editing={{ monitor: mail, connectionId: 'local' }} onClose={() => undefined} />);
    expect(screen.getByRole('combobox', { name: 'Record type' })).toHaveProperty('value', 'MX');
    expect(screen.getByRole('textbox', { name: 'Expected values' })).toHaveProperty('value', '10 mail.example.com');
    expect(screen.queryByText('Request')).toBeNull();
    const draft = { ...checkDraftOf(undefined), dnsRecord: 'A', dnsExpect: 'mail.example.com' };
    expect(checkProblems(draft, 'dns', false)).toEqual([{ field: 'dns.expect', message: 'must list only IPv4 addresses, like 192.0.2.1 ("mail.example.com" is not one)' }]);
    expect(checkFieldsOf({ ...draft, dnsExpect: '192.0.2.1\n192.0.2.2' }, 'dns')).toEqual({ dns: { record: 'A', expect: ['192.0.2.1', '192.0.2.2'] } });
  });
});

describe('the check fields of a draft', () => {
  it('sends a cleared field as null on an edit, and leaves the fields of a type left behind to the service', () => {
    const before = { draft: checkDraftOf(stored), type: 'http' };
    expect(checkFieldsOf({ ...before.draft, status: '', bodyContains: '' }, 'http', before)).toEqual({ expect: null });
    expect(checkFieldsOf({ ...before.draft, headers: [] }, 'http', before)).toEqual({ headers: {}, secret_headers: null });
    expect(checkFieldsOf(before.draft, 'tcp', before)).toEqual({});
  });

  it('drops the mask from a masked value typed into, so the new secret replaces the stored one', () => {
    expect(editedHeaderValue(`Bearer ${SECRET_MASK}`, `Bearer ${SECRET_MASK}xyz`)).toBe('Bearer xyz');
    expect(editedHeaderValue(SECRET_MASK, SECRET_MASK.slice(1))).toBe('');
    expect(editedHeaderValue(SECRET_MASK, SECRET_MASK)).toBe(SECRET_MASK);
    expect(editedHeaderValue('plain', 'plain•')).toBe('plain•');
    // A long secret's end shown after the mask goes with the mask.
    const long = `Bearer ${SECRET_MASK}x9Qz`;
    expect(editedHeaderValue(long, `${long}abc`)).toBe('Bearer abc');
    expect(editedHeaderValue(long, long.slice(0, -1))).toBe('Bearer ');
    expect(editedHeaderValue(long, 'new-token')).toBe('new-token');
    expect(editedHeaderValue(long, `Bearer ${SECRET_MASK}x9Q`)).toBe('Bearer ');
    expect(editedHeaderValue(long, `Token ${SECRET_MASK}x9Qz`)).toBe('Token ');
  });

  it('opens only the sections a monitor uses', () => {
    expect(usedSections(checkDraftOf(undefined))).toEqual({ request: false, expectations: false, retry: false, certificate: false });
    expect(usedSections(checkDraftOf({ ...stored, expect: { status: ['2xx', '3xx'] }, headers: {} }))).toMatchObject({ request: false, expectations: false });
  });
});

describe('against a spec-only server', () => {
  beforeEach(() => useStatus.getState().receive(specOnly()));

  it('shows the spec’s fields only and sends nothing more', async () => {
    const fake = fakeApi({ createMonitor: async (_id, body) => ({ ...body, id: 'm' }) });
    const user = renderForUser(<MonitorForm onClose={() => undefined} />);
    for (const title of ['Request', 'Expectations', 'Re-check after a failure', 'Certificate']) expect(screen.queryByText(title)).toBeNull();
    await fillSpecFields(user);
    await user.click(screen.getByRole('button', { name: 'Create monitor' }));
    expect(fake.calls).toEqual([{ method: 'createMonitor', args: ['local', { name: 'API', type: 'http', url: 'https://api.example.com/health', frequency: 60 }] }]);
  });
});

describe('the latest check', () => {
  const day = 86_400_000;
  const now = Date.parse('2026-11-24T12:00:00Z');

  it('counts certificate days from when it ends as the notifications do, in their words, a warning under 14', () => {
    expect(certificateView('2026-12-31T12:00:00.000Z', now)).toEqual({ daysLeft: 37, label: 'Certificate expires in 37 days', warning: false });
    expect(certificateView('2026-12-01T18:00:00.000Z', now)).toMatchObject({ daysLeft: 7, warning: true });
    expect(certificateView('2026-11-25T13:00:00.000Z', now)?.label).toBe('Certificate expires in 1 day');
    expect(certificateView('2026-11-24T20:00:00.000Z', now)?.label).toBe('Certificate expires within a day');
    expect(certificateView('2026-11-24T08:00:00.000Z', now)).toEqual({ daysLeft: -1, label: 'Certificate has expired', warning: true });
    expect(certificateView('2026-11-23T06:00:00.000Z', now)).toMatchObject({ daysLeft: -1, label: 'Certificate has expired' });
    // A bare date (another server's) is valid through that day.
    expect(certificateView('2026-11-24', now)?.label).toBe('Certificate expires within a day');
    expect(certificateView(undefined, now + day)).toBeUndefined();
  });

  it('shortens the certificate by its days, not by the words of its label', () => {
    expect(shortCertificateLabel({ daysLeft: -1, label: 'Certificate has expired', warning: true })).toBe('Cert expired');
    expect(shortCertificateLabel({ daysLeft: -1, label: 'Zertifikat abgelaufen', warning: true })).toBe('Cert expired');
    expect(shortCertificateLabel({ daysLeft: 0, label: 'Certificate expires within a day', warning: true })).toBe('Cert: <\u00a01\u00a0d');
    expect(shortCertificateLabel({ daysLeft: 9, label: 'Certificate expired? no', warning: true })).toBe('Cert: 9\u00a0d');
  });

  it('shows the error, else the response time, and the certificate; nothing for a monitor without them', () => {
    const { container, rerender } = render(<LastCheckCell monitor={{ ...stored, last_error: 'HTTP 503, expected 200', last_response_time_ms: 82 }} />);
    expect(container.textContent).toBe('HTTP 503, expected 200');
    rerender(<LastCheckCell monitor={{ ...stored, last_response_time_ms: 1234, certificate_expires_on: '2000-01-01', tls: { ignore_errors: true } }} />);
    expect(container.textContent).toBe('Cert expired');
    expect(container.querySelector('[title]')?.getAttribute('title')).toBe('Certificate has expired');
    rerender(<LastCheckCell monitor={{ ...stored, last_response_time_ms: 82, certificate_expires_on: new Date(Date.now() + 9.5 * day).toISOString() }} />);
    expect(container.textContent).toBe('Cert: 9\u00a0d');
    expect(container.querySelector('[title]')?.getAttribute('title')).toBe('Certificate expires in 9 days');
    rerender(<LastCheckCell monitor={{ ...stored, last_response_time_ms: 1234, tls: { ignore_errors: true } }} />);
    expect(container.textContent).toBe('Cert not checked');
    // A certificate far from expiry is the page's to tell, not the list's.
    rerender(<LastCheckCell monitor={{ ...stored, last_response_time_ms: 82, certificate_expires_on: '2999-01-01' }} />);
    expect(container.textContent).toBe('82 ms');
    rerender(<LastCheckSection monitor={{ id: 'm', name: 'Plain' }} />);
    expect(container.textContent).toBe('');
  });
});

describe('the draft of a monitor’s checks', () => {
  it('keeps a text that reads as JSON a text, and refuses two headers of one name', () => {
    const draft = checkDraftOf({ ...stored, expect: { json: [{ path: '$.flag', equals: 'true' }, { path: '$.on', equals: true }] } });
    expect(draft.json.map((row) => row.equals)).toEqual(['"true"', 'true']);
    expect(checkFieldsOf(draft, 'http')).toMatchObject({ expect: { json: [{ path: '$.flag', equals: 'true' }, { path: '$.on', equals: true }] } });
    const twice = { ...checkDraftOf(undefined), headers: [{ name: 'X-A', value: '1', secret: false }, { name: 'X-A', value: '2', secret: false }] };
    expect(checkProblems(twice, 'http', false)).toEqual([{ field: 'headers.X-A', message: 'names a header already given (names are case-insensitive)' }]);
  });
});
