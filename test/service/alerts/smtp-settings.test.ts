import { describe, expect, it } from 'vitest';
import { lacksPassword, parseSmtpSettings, smtpSettingsFrom } from '../../../service/alerts/smtp-settings.ts';

const valid = {
  host: 'smtp.example.com',
  port: 587,
  security: 'starttls',
  user: 'alerts@example.com',
  password: 'hunter2-secret',
  from: 'vigil@example.com',
};

describe('parseSmtpSettings', () => {
  it('accepts settings with and without credentials', () => {
    expect(parseSmtpSettings(valid)).toEqual(valid);
    expect(parseSmtpSettings({ host: 'smtp.example.com', port: 465, security: 'tls', from: 'vigil@example.com' })).toEqual({
      host: 'smtp.example.com',
      port: 465,
      security: 'tls',
      from: 'vigil@example.com',
    });
  });

  it('allows security "none" for loopback addresses only', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1']) {
      expect(parseSmtpSettings({ ...valid, host, security: 'none' }).host).toBe(host);
    }
    for (const host of ['smtp.example.com', '10.0.0.1', '192.168.1.1', '::ffff:10.0.0.1', 'localhost']) {
      expect(() => parseSmtpSettings({ ...valid, host, security: 'none' })).toThrow(
        /security: "none" is allowed only for a loopback IP address/,
      );
    }
  });

  it.each([
    ['port 0', { port: 0 }, /port:/],
    ['port 65536', { port: 65_536 }, /port:/],
    ['a fractional port', { port: 25.5 }, /port:/],
    ['an unknown security', { security: 'ssl' }, /security:/],
    ['an empty host', { host: '  ' }, /host: must not be empty/],
    ['a from that is not an address', { from: 'Vigil <vigil@example.com>' }, /from: must be a single email address/],
    ['a user without password', { password: undefined }, /password: user and password must be set together/],
    ['an unknown field', { secure: true }, /Unrecognized key/],
  ])('rejects %s', (_case, change, message) => {
    expect(() => parseSmtpSettings({ ...valid, ...change })).toThrow(message);
  });

  it('names every problem and never echoes the password', () => {
    let message = '';
    try {
      parseSmtpSettings({ ...valid, port: 'x', security: 'none', password: 12345 });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid SMTP settings: /);
    expect(message).toMatch(/port:/);
    expect(message).toMatch(/password:/);
    expect(message).not.toContain('12345');
  });
});

describe('smtpSettingsFrom', () => {
  const { password: _password, ...withoutPassword } = valid;

  it('takes the password from the environment for a user, and ignores it without one', () => {
    expect(smtpSettingsFrom(undefined, 'env-secret')).toBeUndefined();
    expect(smtpSettingsFrom(withoutPassword, 'env-secret')).toEqual({ ...valid, password: 'env-secret' });
    expect(smtpSettingsFrom(valid, 'env-secret')?.password).toBe('env-secret');
    const { user: _user, ...anonymous } = withoutPassword;
    expect(smtpSettingsFrom(anonymous, 'env-secret')).toEqual(anonymous);
  });

  it('tells a user without any password apart from a bad config', () => {
    expect(lacksPassword(withoutPassword, undefined)).toBe(true);
    expect(lacksPassword(withoutPassword, '')).toBe(true);
    expect(lacksPassword(withoutPassword, 'env-secret')).toBe(false);
    expect(lacksPassword(valid, undefined)).toBe(false);
    expect(lacksPassword(undefined, undefined)).toBe(false);
  });

  it('reads "[::1]" as ::1, so the loopback rule and nodemailer see the same address', () => {
    expect(parseSmtpSettings({ ...valid, host: '[::1]', security: 'none' }).host).toBe('::1');
  });
});
