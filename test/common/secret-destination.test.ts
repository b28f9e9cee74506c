// The one rule for saved secrets: they go only to the destination they were saved for, compared part by part.
import { describe, expect, it } from 'vitest';
import { changedDestinationParts, secretMayGo } from '../../common/secrets/secret-destination.ts';
import { retypeSmtpPasswordReason } from '../../common/smtp/smtp-destination.ts';

describe('a secret\'s destination', () => {
  it('names the parts that changed, including one only the new destination has', () => {
    expect(changedDestinationParts({ origin: 'https://a.example' }, { origin: 'https://a.example' })).toEqual([]);
    expect(secretMayGo({ origin: 'https://a.example' }, { origin: 'https://a.example:8443' })).toBe(false);
    expect(changedDestinationParts<Record<string, string | undefined>>({ host: 'a', user: undefined }, { host: 'a', user: 'ops' })).toEqual(['user']);
  });
});

describe('the SMTP password', () => {
  const saved = { host: 'smtp.example.com', port: 587, security: 'starttls' as const, user: 'alerts' };
  const rule = 'a saved password goes only to the server it was saved for';

  it('is kept for the same server however its host is spelled', () => {
    expect(retypeSmtpPasswordReason(saved, { ...saved, host: ' SMTP.Example.com ' })).toBeUndefined();
    expect(retypeSmtpPasswordReason({ ...saved, host: '::1' }, { ...saved, host: '[::1]' })).toBeUndefined();
  });

  it('must be typed again when the host, port, security or user name changes, saying which', () => {
    expect(retypeSmtpPasswordReason(saved, { ...saved, host: 'mail.example.org' })).toBe(`the host changed, and ${rule}`);
    expect(retypeSmtpPasswordReason(saved, { ...saved, port: 465, security: 'tls' })).toBe(`the port and security changed, and ${rule}`);
    expect(retypeSmtpPasswordReason(saved, { host: 'x.example', port: 25, security: 'none', user: 'ops' })).toBe(
      `the host, port, security and user name changed, and ${rule}`,
    );
    expect(retypeSmtpPasswordReason(saved, { ...saved, user: undefined })).toBe(`the user name changed, and ${rule}`);
  });

  it('goes nowhere when the server it was saved for is unknown', () => {
    expect(retypeSmtpPasswordReason(undefined, saved)).toBe(rule);
  });
});
