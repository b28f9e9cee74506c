import { describe, expect, it } from 'vitest';
import { isHostname, isHostPort, isIPv4, isIPv6, isPingTarget, parseHttpUrl } from '../../common/api/index.ts';

describe('isHostname', () => {
  it.each(['example.com', 'localhost', 'a-b.example', 'EXAMPLE.COM', 'xn--bcher-kva.example', '1.example', `${'a'.repeat(63)}.com`])(
    'accepts %s',
    (host) => {
      expect(isHostname(host)).toBe(true);
    },
  );

  it.each([
    '',
    '-a.com',
    'a-.com',
    'a..com',
    'example.com.',
    'a_b.com',
    'bücher.example',
    `${'a'.repeat(64)}.com`,
    `${'a.'.repeat(127)}com`, // 257 characters
    '1.2.3.999',
    '12345',
  ])('rejects %j', (host) => {
    expect(isHostname(host)).toBe(false);
  });
});

describe('isIPv4', () => {
  it.each(['0.0.0.0', '192.0.2.1', '255.255.255.255'])('accepts %s', (ip) => expect(isIPv4(ip)).toBe(true));
  it.each(['256.0.0.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', '1.2.3.-4', ' 1.2.3.4'])('rejects %j', (ip) =>
    expect(isIPv4(ip)).toBe(false),
  );
});

describe('isIPv6', () => {
  it.each(['::', '::1', '1::', '2001:db8::1', '2001:DB8:0:0:0:0:0:1', '::ffff:192.0.2.1', '1:2:3:4:5:6:1.2.3.4', 'fe80::'])(
    'accepts %s',
    (ip) => expect(isIPv6(ip)).toBe(true),
  );
  it.each([
    '',
    ':',
    ':::',
    '1:::2',
    '1::2::3',
    ':1::',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7',
    '12345::',
    'g::1',
    '1.2.3.4::',
    '::1.2.3.4:1',
    'fe80::1%eth0',
    '[::1]',
  ])('rejects %j', (ip) => expect(isIPv6(ip)).toBe(false));
});

describe('isPingTarget', () => {
  it.each(['example.com', '192.0.2.1', '2001:db8::1', '[2001:db8::1]', 'localhost'])('accepts %s', (target) =>
    expect(isPingTarget(target)).toBe(true),
  );
  it.each(['', 'example.com:80', 'https://example.com', '[example.com]', 'a b'])('rejects %j', (target) =>
    expect(isPingTarget(target)).toBe(false),
  );
});

describe('isHostPort', () => {
  it.each(['example.com:443', '192.0.2.1:1', '[::1]:65535', 'localhost:5432'])('accepts %s', (target) =>
    expect(isHostPort(target)).toBe(true),
  );
  it.each(['example.com', 'example.com:0', 'example.com:65536', '::1:80', '[::1]', 'example.com:', ':80', 'a b:80', 'example.com:80/x', 'example.com:+80'])(
    'rejects %j',
    (target) => expect(isHostPort(target)).toBe(false),
  );
});

describe('parseHttpUrl', () => {
  it.each([
    ['https://example.com', 'https', 'example.com', undefined],
    ['http://example.com:8080/health?full=1#top', 'http', 'example.com', 8080],
    ['HTTPS://Example.COM/', 'https', 'Example.COM', undefined],
    ['http://[::1]:3000/', 'http', '[::1]', 3000],
    ['http://192.0.2.1', 'http', '192.0.2.1', undefined],
    ['https://example.com/päth', 'https', 'example.com', undefined],
  ])('accepts %s', (text, scheme, host, port) => {
    expect(parseHttpUrl(text)).toEqual({ ok: true, url: { scheme, host, port } });
  });

  it.each([
    ['example.com', 'must start with http:// or https://, like https://example.com'],
    ['example.com/health?full=1', 'must start with http:// or https://, like https://example.com/health?full=1'],
    ['192.0.2.1:8080', 'must start with http:// or https://, like https://192.0.2.1:8080'],
    ['not a url', 'must be a full web address, like https://example.com'],
    ['hello', 'must be a full web address, like https://example.com'],
    ['ftp://example.com', 'must start with http:// or https://, like https://example.com'],
    ['javascript:alert(1)', 'must start with http:// or https://, like https://example.com'],
    ['http:/example.com', 'must start with http:// or https://, like https://example.com'],
    ['https://', 'must include a host name'],
    ['https:///path', 'must include a host name'],
    ['https://user:pass@example.com', 'must not contain a user name or password (user:pass@)'],
    ['https://user@example.com', 'must not contain a user name or password (user:pass@)'],
    ['https://example.com\\@evil.com', 'must not contain a user name or password (user:pass@)'],
    ['https://exa mple.com', 'must not contain spaces (write a space in a path as %20)'],
    ['https://example.com/a b', 'must not contain spaces (write a space in a path as %20)'],
    ['https://example.com/\n', 'must not contain control characters or line breaks'],
    ['https://example.com:0/', 'must use a port between 1 and 65535'],
    ['https://example.com:99999/', 'must use a port between 1 and 65535'],
    ['https://example.com:123456/', 'has an invalid host or port "example.com:123456"'],
    ['https://example.com:http/', 'has an invalid host or port "example.com:http"'],
    ['https://bücher.example/', 'must use the ASCII (xn--) form of an internationalised host name'],
    ['https://exa_mple.com/', 'has an invalid host name "exa_mple.com"'],
    ['https://[::g]/', 'has an invalid host name "[::g]"'],
    [`https://example.com/${'a'.repeat(2048)}`, 'must be at most 2048 characters'],
  ])('rejects %j: %s', (text, message) => {
    expect(parseHttpUrl(text)).toEqual({ ok: false, message });
  });
});
