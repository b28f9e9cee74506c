// @vitest-environment happy-dom
import type { ItemFixture } from './status-fixtures.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Domain} from '../../common/ipc/views.ts';
import { useDomains } from '../../renderer/state/resources.ts';
import { useStatus } from '../../renderer/state/status-store.ts';
import { DomainsView } from '../../renderer/views/domains/domains-view.tsx';
import { callError, fakeApi, renderForUser, status } from './renderer-harness.tsx';
import { expectDeleteOnlyAfterConfirmation, expectEmptyList, expectRefusedCreateKeepsDraft } from './resource-list-flows.tsx';

function showDomains(domains: Domain[], items: ItemFixture[] = []) {
  useStatus.getState().receive(status({ domains, items }));
  useDomains.getState().setBase('local', domains, Date.now());
}

const rowOf = (text: string) => screen.getByText(text).closest('[role="row"]');

describe('DomainsView', () => {
  it('says what watching a domain does when there is none yet', () => {
    fakeApi();
    showDomains([]);
    expectEmptyList(<DomainsView />, { heading: 'No domains watched yet', explains: /warns you well before it does/, firstButton: 'Add your first domain' });
  });

  it('lists the expiry date, the days left coloured by the thresholds the core applied, and the registrar', () => {
    fakeApi();
    showDomains(
      [
        { id: 'd1', domain: 'example.com', expires_on: '2031-03-14', days_until_expiry: 5, registrar: 'Example Registrar' },
        { id: 'd2', domain: 'example.org', expires_on: '2031-09-01', days_until_expiry: 170 },
        { id: 'd3', domain: 'old.example', expires_on: '2020-01-01', days_until_expiry: -3 },
      ],
      [
        { key: 'domain:d1', kind: 'domain', name: 'example.com', health: 'warning', state: 'expiring', detail: '' },
        { key: 'domain:d2', kind: 'domain', name: 'example.org', health: 'ok', state: 'ok', detail: '' },
        { key: 'domain:d3', kind: 'domain', name: 'old.example', health: 'critical', state: 'expired', detail: '' },
      ],
    );
    render(<DomainsView />);
    expect(screen.getByText('3 domains, 1 expired, 1 expiring soon.')).toBeTruthy();
    expect(rowOf('example.com')?.textContent).toContain('Example Registrar');
    expect(within(rowOf('example.com') as HTMLElement).getByText('5 days').className).toContain('badge-warning');
    expect(within(rowOf('example.org') as HTMLElement).getByText('170 days').className).toContain('badge-ok');
    expect(within(rowOf('old.example') as HTMLElement).getByText('Expired 3 days ago').className).toContain('badge-critical');
    // Soonest first by default; the expired one leads.
    expect(screen.getAllByRole('row').slice(1).map((row) => row.getAttribute('data-key'))).toEqual(['local/domain:d3', 'local/domain:d1', 'local/domain:d2']);
  });

  it('says clearly when the expiry could not be looked up', () => {
    fakeApi();
    showDomains([{ id: 'd1', domain: 'new.example' }], [{ key: 'domain:d1', kind: 'domain', name: 'new.example', health: 'unknown', state: 'unknown', detail: 'Expiry could not be looked up' }]);
    render(<DomainsView />);
    expect(screen.getByRole('note').textContent).toBe('Expiry not known yet for 1 domain: the registry has not answered. The server keeps asking, and expiry alerts start once it answers.');
    expect(rowOf('new.example')?.textContent).toContain('Not known yet');
  });

  it("says why the expiry is not known where the server tells why its lookups fail, one reason for all it fits", () => {
    fakeApi();
    const offline = 'could not load the list of registries: could not reach data.iana.org (host not found)';
    showDomains([
      { id: 'd1', domain: 'example.com', last_error: offline },
      { id: 'd2', domain: 'example.org', last_error: offline },
      { id: 'd3', domain: 'shop.zz', last_error: 'the registry of .zz does not publish expiry dates (no RDAP service is listed for .zz)' },
      { id: 'd4', domain: 'new.example' },
      { id: 'd5', domain: 'known.example', expires_on: '2031-03-14', days_until_expiry: 400, last_error: offline },
    ]);
    render(<DomainsView />);
    const note = screen.getByRole('note');
    expect(note.querySelector('p')?.textContent).toBe('Expiry not known for 4 domains. The server keeps asking, and expiry alerts start once the registry answers.');
    expect([...note.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      `example.com, example.org — ${offline}`,
      'shop.zz — the registry of .zz does not publish expiry dates (no RDAP service is listed for .zz)',
      'new.example — not looked up yet',
    ]);
    const linkedRow = (name: string) => screen.getByRole('link', { name }).closest('[role="row"]') as HTMLElement;
    expect(within(linkedRow('example.com')).getByText('Lookup failed').getAttribute('title')).toBe(`The latest lookup failed: ${offline}`);
    expect(linkedRow('new.example').textContent).toContain('Not known yet');
  });

  it('accepts a name in any script, shows the form that will be stored, and adds it at once', async () => {
    let finish: (domain: Domain) => void = () => undefined;
    const fake = fakeApi({ createDomain: () => new Promise((resolve) => (finish = resolve)) });
    showDomains([]);
    const user = renderForUser(<DomainsView />);
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    await user.type(screen.getByRole('textbox', { name: 'Domain' }), 'Bücher.example');
    expect(screen.getByText('Saved as xn--bcher-kva.example')).toBeTruthy();
    await user.click(within(screen.getByRole('dialog', { name: 'Add domain' })).getByRole('button', { name: 'Add domain' }));
    // The output of domainCreateInput: the contract normalises again on receipt, to the same name.
    expect(fake.calls).toEqual([{ method: 'createDomain', args: ['local', { domain: 'xn--bcher-kva.example' }] }]);
    expect(useDomains.getState().rows).toMatchObject([{ saving: true, item: { domain: 'xn--bcher-kva.example' } }]);
    // Listed as typed: the ASCII form is what the server keeps, not what people read.
    expect(screen.getByText('bücher.example')).toBeTruthy();
    finish({ id: 'd7', domain: 'xn--bcher-kva.example' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(useDomains.getState().rows).toMatchObject([{ key: 'local/domain:d7', saving: false }]);
  });

  it('checks the name before sending anything', async () => {
    const fake = fakeApi();
    showDomains([]);
    const user = renderForUser(<DomainsView />);
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    const field = screen.getByRole('textbox', { name: 'Domain' });
    await user.type(field, 'localhost');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add domain' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Must have at least two labels, like example.com.')).toBeTruthy();
    expect(fake.calls).toEqual([]);
  });

  it('rolls the row back and keeps the input, with the server’s error at the field, when adding fails', async () => {
    fakeApi({ createDomain: () => Promise.reject(callError('The server refused the domain.', [{ field: '0.domain', message: 'is already watched' }])) });
    showDomains([]);
    await expectRefusedCreateKeepsDraft(renderForUser(<DomainsView />), {
      open: 'Add domain',
      dialog: 'Add domain',
      field: 'Domain',
      typed: 'example.com',
      submit: 'Add domain',
      refusal: 'The server refused the domain.',
      fieldError: 'Is already watched.',
      rows: () => useDomains.getState().rows,
      reopen: 'Add your first domain',
    });
  });

  it('deletes only after confirmation', async () => {
    const fake = fakeApi();
    showDomains([{ id: 'd1', domain: 'example.com', expires_on: '2031-03-14', days_until_expiry: 400 }]);
    await expectDeleteOnlyAfterConfirmation(renderForUser(<DomainsView />), fake, {
      name: 'example.com',
      question: 'Stop watching example.com?',
      confirm: 'Delete domain',
      decline: 'Enter',
      call: { method: 'deleteDomain', args: ['local', 'd1'] },
    });
  });
});
