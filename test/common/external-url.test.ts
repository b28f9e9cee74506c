import { describe, expect, it } from 'vitest';
import { isSafeExternalUrl } from '../../common/ipc/external-url.ts';

describe('isSafeExternalUrl', () => {
  it.each(['https://vigil.example/docs', 'https://example.com:8443/a?b=c#d', 'HTTPS://EXAMPLE.COM/'])('lets %s open in the browser', (url) => {
    expect(isSafeExternalUrl(url)).toBe(true);
  });

  it.each([
    'http://example.com/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'smb://server/share',
    'ms-msdt:/id PCWDiagnostic',
    'vscode://file/x',
    'app://vigil/index.html',
    'mailto:someone@example.com',
    'https://user:password@example.com/',
    'https://',
    '//example.com/',
    'not a url',
    '',
    `https://example.com/${'a'.repeat(3000)}`,
  ])('refuses %s', (url) => {
    expect(isSafeExternalUrl(url)).toBe(false);
  });

  it('lets plain http open only at the exact origin of a source configured there', () => {
    const origins = ['http://kuma.lan:3001'];
    expect(isSafeExternalUrl('http://kuma.lan:3001/dashboard/7', origins)).toBe(true);
    expect(isSafeExternalUrl('http://kuma.lan:3002/dashboard/7', origins)).toBe(false);
    expect(isSafeExternalUrl('http://kuma.lan/dashboard/7', origins)).toBe(false);
    expect(isSafeExternalUrl('http://user:pw@kuma.lan:3001/', origins)).toBe(false);
  });
});
