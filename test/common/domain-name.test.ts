import { describe, expect, it } from 'vitest';
import { normalizeDomainName } from '../../common/api/index.ts';

describe('normalizeDomainName', () => {
  it.each([
    ['example.com', 'example.com'],
    ['  Example.COM  ', 'example.com'],
    ['example.com.', 'example.com'],
    ['www.example.co.uk', 'www.example.co.uk'],
    ['bücher.example', 'xn--bcher-kva.example'],
    ['BÜCHER.example', 'xn--bcher-kva.example'],
    ['u\u0308cher.example', 'xn--cher-zra.example'], // NFC first: u + combining diaeresis is ü
    ['例え.jp', 'xn--r8jz45g.jp'],
    ['例え。jp', 'xn--r8jz45g.jp'],
    ['münchen.de', 'xn--mnchen-3ya.de'],
    ['xn--mnchen-3ya.de', 'xn--mnchen-3ya.de'],
    ['https://example.com/path?q=1', 'example.com'],
    ['HTTP://Example.com:8080', 'example.com'],
    ['https://bücher.example/', 'xn--bcher-kva.example'],
    // UTS #46 as browsers map it: full-width letters, compatibility ligatures, final sigma and ß kept (IDNA2008).
    ['ＥＸＡＭＰＬＥ.com', 'example.com'],
    ['ﬁx.example', 'fix.example'],
    ['straße.de', 'xn--strae-oqa.de'],
    ['ΕΛΛΗΝΙΚΆ.gr', 'xn--hxargifdar.gr'],
    ['１２３.example', '123.example'],
  ])('normalises %j to %s', (input, domain) => {
    expect(normalizeDomainName(input)).toEqual({ ok: true, domain });
  });

  it.each([
    ['', 'must not be empty'],
    ['   ', 'must not be empty'],
    ['localhost', 'must have at least two labels, like example.com'],
    ['example.com..', 'must not contain an empty label (two dots in a row)'],
    ['a..example', 'must not contain an empty label (two dots in a row)'],
    ['192.0.2.1', 'must be a domain name, not an IP address'],
    ['https://192.0.2.1/', 'must be a domain name, not an IP address'],
    ['2001:db8::1', 'must be a domain name, not an IP address'],
    ['[::1]', 'must be a domain name, not an IP address'],
    ['https://[::1]:80/', 'must be a domain name, not an IP address'],
    ['example.com/path', 'must be just the domain name, like example.com'],
    ['ftp://example.com', 'must be just the domain name, like example.com'],
    ['ops@example.com', 'must be just the domain name, like example.com'],
    ['exa mple.com', 'must be just the domain name, like example.com'],
    ['-example.com', 'has an invalid label "-example"'],
    ['example-.com', 'has an invalid label "example-"'],
    ['exa_mple.com', 'has an invalid label "exa_mple"'],
    ['😀.example', 'has an invalid label "😀"'],
    ['-bücher.example', 'has an invalid label "-bücher"'],
    [`${'a'.repeat(64)}.com`, `has an invalid label "${'a'.repeat(64)}"`],
    [`${'ü'.repeat(60)}.com`, `has an invalid label "${'ü'.repeat(60)}"`],
    ['example.123', 'must end in a top-level domain, not digits'],
    [`${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`, 'must be at most 253 characters'],
  ])('rejects %j: %s', (input, message) => {
    expect(normalizeDomainName(input)).toEqual({ ok: false, message });
  });
});
