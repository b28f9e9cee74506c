// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LocalServiceView, SmtpInput } from '../../common/ipc/settings.ts';
import { argsOf, renderSettings } from './settings-fixtures.tsx';

const saved: LocalServiceView = {
  available: true,
  smtp: { host: 'smtp.example.com', port: 587, security: 'starttls', user: 'alerts', from: 'vigil@example.com', passwordSaved: true },
};

const form = () => screen.getByRole('form', { name: 'Email server' });
const field = (name: string) => within(form()).getByRole('textbox', { name });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save email server' }));

/** The fake core keeps what it is sent, as the real one answers. */
function savingService(initial: LocalServiceView) {
  let current = initial;
  return {
    getLocalService: async () => current,
    setLocalSmtp: async (input: SmtpInput | null) => {
      current =
        input === null
          ? { available: true }
          : { available: true, smtp: { host: input.host, port: input.port, security: input.security, from: input.from, passwordSaved: input.password === null ? false : input.password !== undefined || current.smtp?.passwordSaved === true } };
      return current;
    },
  };
}

describe('Settings: email (local service)', () => {
  it('is not shown where the app runs no local service', async () => {
    await renderSettings({ getLocalService: async () => ({ available: false }) });
    expect(screen.queryByRole('heading', { name: 'Email (local service)' })).toBeNull();
  });

  it('refuses sending mail in plain text to a host that is not a loopback address, at the security field', async () => {
    const fake = await renderSettings(savingService({ available: true }));
    const user = userEvent.setup();
    await user.type(field('SMTP host'), 'mail.example.com');
    await user.selectOptions(within(form()).getByRole('combobox', { name: 'Security' }), 'none');
    expect(field('Port')).toHaveProperty('value', '25');
    await user.type(field('From address'), 'vigil@example.com');
    await save();
    const security = within(form()).getByRole('combobox', { name: 'Security' });
    expect(security.getAttribute('aria-invalid')).toBe('true');
    expect(within(form()).getByText(/"none" is allowed only for a loopback IP address/)).toBeTruthy();
    expect(argsOf(fake, 'setLocalSmtp')).toEqual([]);
    await user.clear(field('SMTP host'));
    await user.type(field('SMTP host'), '127.0.0.1');
    await save();
    await waitFor(() => expect(argsOf(fake, 'setLocalSmtp')).toEqual([[{ host: '127.0.0.1', port: 25, security: 'none', user: '', from: 'vigil@example.com' }]]));
  });

  it('checks the other fields with the core’s schema before sending', async () => {
    const fake = await renderSettings({ getLocalService: async () => ({ available: true }) });
    const user = userEvent.setup();
    await user.clear(field('Port'));
    await user.type(field('Port'), '70000');
    await user.type(field('From address'), 'not an address');
    await save();
    expect(within(form()).getByText('Must not be empty.')).toBeTruthy();
    expect(within(form()).getByText('Must be a whole number from 1 to 65535.')).toBeTruthy();
    expect(within(form()).getByText('Must be a single email address, like vigil@example.com.')).toBeTruthy();
    expect(argsOf(fake, 'setLocalSmtp')).toEqual([]);
  });

  it('keeps the saved password when the field is left empty: no password is sent', async () => {
    const fake = await renderSettings(savingService(saved));
    const user = userEvent.setup();
    const password = within(form()).getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    expect(password).toHaveProperty('value', '');
    expect(password.getAttribute('placeholder')).toBe('Saved — leave empty to keep');
    await user.clear(field('From address'));
    await user.type(field('From address'), 'alerts@example.com');
    await save();
    await waitFor(() => expect(argsOf(fake, 'setLocalSmtp')).toHaveLength(1));
    const [[sent]] = argsOf(fake, 'setLocalSmtp') as [[SmtpInput]];
    expect(sent).toEqual({ host: 'smtp.example.com', port: 587, security: 'starttls', user: 'alerts', from: 'alerts@example.com' });
    expect(Object.hasOwn(sent, 'password')).toBe(false);
  });

  it('asks for the password again when the host, port, security or user name changes: the saved one goes only to its server', async () => {
    const fake = await renderSettings(savingService(saved));
    const user = userEvent.setup();
    const password = () => within(form()).getByLabelText('Password');
    const rule = 'a saved password goes only to the server it was saved for';
    await user.clear(field('SMTP host'));
    await user.type(field('SMTP host'), 'mail.attacker.example');
    expect(password().getAttribute('placeholder')).toBe('Type it again for this server');
    expect(within(form()).getByText(`Type the password again: the host changed, and ${rule}.`)).toBeTruthy();
    await user.clear(field('Port'));
    await user.type(field('Port'), '2525');
    expect(within(form()).getByText(`Type the password again: the host and port changed, and ${rule}.`)).toBeTruthy();

    // Nothing is sent while the field is empty: the error says why, at the password.
    await save();
    expect(password().getAttribute('aria-invalid')).toBe('true');
    expect(within(form()).getByText(`Must be typed again: the host and port changed, and ${rule}.`)).toBeTruthy();
    expect(argsOf(fake, 'setLocalSmtp')).toEqual([]);

    // Back to the saved server (the host in another case is the same): the saved password is kept again.
    await user.clear(field('SMTP host'));
    await user.type(field('SMTP host'), 'SMTP.example.com');
    await user.clear(field('Port'));
    await user.type(field('Port'), '587');
    expect(password().getAttribute('placeholder')).toBe('Saved — leave empty to keep');
    expect(password().getAttribute('aria-invalid')).toBeNull();

    // Another user name on the same server needs its own password (said as an error now that a save was tried);
    // typed, it is sent.
    await user.clear(field('User name'));
    await user.type(field('User name'), 'ops');
    expect(within(form()).getByText(`Must be typed again: the user name changed, and ${rule}.`)).toBeTruthy();
    await user.type(password(), 'ops-password');
    expect(password().getAttribute('placeholder')).toBe('Type it again for this server');
    await save();
    await waitFor(() => expect(argsOf(fake, 'setLocalSmtp')).toHaveLength(1));
    expect(argsOf(fake, 'setLocalSmtp')[0]).toMatchObject([{ host: 'SMTP.example.com', user: 'ops', password: 'ops-password' }]);
  });

  it('sends a typed password once and empties the field; "Remove saved password" sends null', async () => {
    const fake = await renderSettings(savingService(saved));
    const user = userEvent.setup();
    await user.type(within(form()).getByLabelText('Password'), 'hunter2');
    await save();
    await waitFor(() => expect(argsOf(fake, 'setLocalSmtp')).toHaveLength(1));
    expect(argsOf(fake, 'setLocalSmtp')[0]).toMatchObject([{ password: 'hunter2' }]);
    await waitFor(() => expect(within(form()).getByLabelText('Password')).toHaveProperty('value', ''));
    expect(document.body.textContent).not.toContain('hunter2');

    await user.click(within(form()).getByRole('checkbox', { name: 'Remove saved password' }));
    expect(within(form()).getByLabelText('Password')).toHaveProperty('disabled', true);
    await save();
    await waitFor(() => expect(argsOf(fake, 'setLocalSmtp')).toHaveLength(2));
    expect(argsOf(fake, 'setLocalSmtp')[1]).toMatchObject([{ password: null }]);
    await waitFor(() => expect(within(form()).queryByRole('checkbox', { name: 'Remove saved password' })).toBeNull());
    expect(within(form()).getByLabelText('Password').getAttribute('placeholder')).toBe('');
  });

  it('enables the password field again when the server with the password to remove is removed', async () => {
    const fake = await renderSettings(savingService(saved));
    const user = userEvent.setup();
    await user.click(within(form()).getByRole('checkbox', { name: 'Remove saved password' }));
    expect(within(form()).getByLabelText('Password')).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Remove email server' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove email server' }));
    await waitFor(() => expect(within(form()).queryByRole('checkbox', { name: 'Remove saved password' })).toBeNull());
    expect(within(form()).getByLabelText('Password')).toHaveProperty('disabled', false);

    // A new server with a password: the box is back, unticked, and the typed password was sent.
    await user.type(field('SMTP host'), 'smtp.example.com');
    await user.type(field('User name'), 'alerts');
    await user.type(within(form()).getByLabelText('Password'), 'hunter2');
    await user.type(field('From address'), 'vigil@example.com');
    await save();
    await waitFor(() => expect(argsOf(fake, 'setLocalSmtp')).toHaveLength(2));
    expect(argsOf(fake, 'setLocalSmtp')[1]).toMatchObject([{ password: 'hunter2' }]);
    expect(await within(form()).findByRole('checkbox', { name: 'Remove saved password' })).toHaveProperty('checked', false);
    expect(within(form()).getByLabelText('Password')).toHaveProperty('disabled', false);
  });

  it('shows why the saved server cannot be read, with an empty form that replaces it when saved', async () => {
    const problem = '/home/ada/.config/Vigil/service/config.json is not valid JSON, so Vigil leaves it as it is: fix it or remove it.';
    const fake = await renderSettings(savingService({ available: true, problem }));
    const email = screen.getByRole('region', { name: 'Email (local service)' });
    expect(within(email).getByRole('alert').textContent).toBe(problem);
    expect(field('SMTP host')).toHaveProperty('value', '');
    const user = userEvent.setup();
    await user.type(field('SMTP host'), 'smtp.example.com');
    await user.type(field('From address'), 'vigil@example.com');
    await save();
    await waitFor(() => expect(argsOf(fake, 'setLocalSmtp')).toHaveLength(1));
    await waitFor(() => expect(within(email).queryByRole('alert')).toBeNull());
  });

  it('sends a test email to a checked address and shows what the server answered', async () => {
    const fake = await renderSettings({ getLocalService: async () => saved, sendTestEmail: async () => ({ ok: false, message: 'The SMTP server refused the sign-in (535).' }) });
    const user = userEvent.setup();
    const testForm = screen.getByRole('form', { name: 'Send a test email' });
    await user.type(within(testForm).getByRole('textbox', { name: 'To' }), 'nobody');
    await user.click(within(testForm).getByRole('button', { name: 'Send test email' }));
    expect(within(testForm).getByText('Must be a single email address, like you@example.com.')).toBeTruthy();
    expect(argsOf(fake, 'sendTestEmail')).toEqual([]);
    await user.clear(within(testForm).getByRole('textbox', { name: 'To' }));
    await user.type(within(testForm).getByRole('textbox', { name: 'To' }), ' ada@example.com ');
    await user.click(within(testForm).getByRole('button', { name: 'Send test email' }));
    const result = screen.getByRole('status', { name: 'Test email result' });
    await waitFor(() => expect(result.textContent).toBe('Not sent. The SMTP server refused the sign-in (535).'));
    expect(argsOf(fake, 'sendTestEmail')).toEqual([[{ to: 'ada@example.com' }]]);
  });

  it('removes the email server after confirmation', async () => {
    const fake = await renderSettings(savingService(saved));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove email server' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Remove the email server?' })).getByRole('button', { name: 'Cancel' }));
    expect(argsOf(fake, 'setLocalSmtp')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remove email server' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove email server' }));
    await waitFor(() => expect(argsOf(fake, 'setLocalSmtp')).toEqual([[null]]));
    await waitFor(() => expect(field('SMTP host')).toHaveProperty('value', ''));
    expect(screen.queryByRole('form', { name: 'Send a test email' })).toBeNull();
  });
});
