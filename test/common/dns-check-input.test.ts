import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DNS_INPUT_LIMITS, dnsCheckInput, dnsHostRule, isDnsName } from '../../common/api/dns-check-input.ts';
import { textInput } from '../../common/api/input-fields.ts';
import { checkInput } from '../../common/api/validation-details.ts';

// The two fields as a monitor body carries them, so the details name `url` and `dns.…` as the API will.
const dnsTargetInput = z.object({ url: textInput(dnsHostRule), dns: dnsCheckInput });

const valid = { url: 'example.com', dns: { record: 'A' } };

function detailsFor(body: unknown) {
  const result = checkInput(dnsTargetInput, body);
  return result.ok ? [] : result.details;
}

const withDns = (dns: Record<string, unknown>) => detailsFor({ url: 'example.com', dns });

describe('dnsHostRule and dnsCheckInput', () => {
  it('accepts a host name and a record type alone', () => {
    expect(checkInput(dnsTargetInput, valid)).toEqual({ ok: true, value: valid });
  });

  it('trims text and keeps expect as one value or a list, as given', () => {
    const body = { url: ' example.com ', dns: { record: 'MX', expect: [' mail.example.com ', '10 mx.example.net'], resolver: ' [::1]:5353 ' } };
    expect(checkInput(dnsTargetInput, body)).toEqual({
      ok: true,
      value: { url: 'example.com', dns: { record: 'MX', expect: ['mail.example.com', '10 mx.example.net'], resolver: '[::1]:5353' } },
    });
    expect(checkInput(dnsCheckInput, { record: 'TXT', expect: ' v=spf1 ' })).toEqual({ ok: true, value: { record: 'TXT', expect: 'v=spf1' } });
  });

  it.each([
    ['A', '192.0.2.1'],
    ['A', ['192.0.2.1', '198.51.100.7']],
    ['AAAA', '2001:DB8::1'],
    ['CNAME', 'host.example.com.'],
    ['NS', ['ns1.example.com', 'NS2.EXAMPLE.NET']],
    ['MX', 'mail.example.com'],
    ['MX', '10 mail.example.com'],
    ['TXT', 'v=DMARC1; p=reject'],
    ['TXT', ['google-site-verification=abc', 'v=spf1']],
  ])('accepts %s records expecting %j', (record, expected) => {
    expect(withDns({ record, expect: expected })).toEqual([]);
  });

  it.each(['example.com', 'example.com.', '_dmarc.example.com', 'localhost', 'xn--bcher-kva.example', 'a-b.c_d.example'])(
    'accepts the host name %s',
    (url) => {
      expect(detailsFor({ ...valid, url })).toEqual([]);
    },
  );

  it.each(['192.0.2.1', '127.0.0.1:53', '192.0.2.53', '2001:db8::53', '[2001:db8::53]', '[::1]', '::1'])(
    'accepts the resolver %s',
    (resolver) => {
      expect(withDns({ record: 'A', resolver })).toEqual([]);
    },
  );

  it('requires url and dns, and dns.record', () => {
    expect(detailsFor({})).toEqual([
      { field: 'url', message: 'is required' },
      { field: 'dns', message: 'is required' },
    ]);
    expect(withDns({})).toEqual([{ field: 'dns.record', message: 'is required' }]);
  });

  it.each<[unknown, string]>([
    ['', 'must not be empty'],
    ['  ', 'must not be empty'],
    [42, 'must be text'],
    ['192.0.2.1', 'must be a host name to look up, not an IP address'],
    ['2001:db8::1', 'must be a host name to look up, not an IP address'],
    ['[2001:db8::1]', 'must be a host name to look up, not an IP address'],
    ['bücher.example', 'must use the ASCII (xn--) form of an internationalised host name'],
    ['https://example.com', 'must be a host name, like example.com or _dmarc.example.com'],
    ['example.com:53', 'must be a host name, like example.com or _dmarc.example.com'],
    ['a..example', 'must be a host name, like example.com or _dmarc.example.com'],
    ['-a.example', 'must be a host name, like example.com or _dmarc.example.com'],
    ['example.com..', 'must be a host name, like example.com or _dmarc.example.com'],
    ['1.2.3.999', 'must be a host name, like example.com or _dmarc.example.com'],
    [`${'a'.repeat(64)}.example`, 'must be a host name, like example.com or _dmarc.example.com'],
    [`${'a.'.repeat(127)}com`, 'must be at most 253 characters'],
  ])('names url for the host %j', (url, message) => {
    expect(detailsFor({ ...valid, url })).toEqual([{ field: 'url', message }]);
  });

  it.each<[unknown, string]>([
    ['A', 'must be an object with record, and optionally expect and resolver'],
    [null, 'must be an object with record, and optionally expect and resolver'],
    [['A'], 'must be an object with record, and optionally expect and resolver'],
    [{ record: 'A', expected: '192.0.2.1' }, 'must hold only record, expect and resolver, not "expected"'],
  ])('names dns for %j', (dns, message) => {
    expect(detailsFor({ ...valid, dns })).toEqual([{ field: 'dns', message }]);
  });

  it.each<[unknown]>([['a'], ['SRV'], ['ANY'], [1]])('names dns.record for %j', (record) => {
    expect(withDns({ record })).toEqual([{ field: 'dns.record', message: 'must be one of: A, AAAA, CNAME, MX, TXT, NS' }]);
  });

  it.each<[string, unknown, string]>([
    ['A', 5, 'must be text or a list of texts'],
    ['A', null, 'must be text or a list of texts'],
    ['A', { address: '192.0.2.1' }, 'must be text or a list of texts'],
    ['A', ['192.0.2.1', 7], 'must be text or a list of texts'],
    ['A', [], 'must not be an empty list'],
    ['TXT', ' ', 'must not hold empty text'],
    ['TXT', ['v=spf1', ''], 'must not hold empty text'],
    [
      'TXT',
      Array.from({ length: DNS_INPUT_LIMITS.expectValues + 1 }, (_, index) => `text ${index}`),
      'must list at most 20 values',
    ],
    ['TXT', 'x'.repeat(DNS_INPUT_LIMITS.expectValueLength + 1), 'must hold values of at most 500 characters'],
    ['A', '192.0.2.300', 'must be an IPv4 address, like 192.0.2.1'],
    ['A', '2001:db8::1', 'must be an IPv4 address, like 192.0.2.1'],
    ['A', ['192.0.2.1', 'example.com'], 'must list only IPv4 addresses, like 192.0.2.1 ("example.com" is not one)'],
    ['AAAA', '192.0.2.1', 'must be an IPv6 address, like 2001:db8::1'],
    ['CNAME', 'not a name', 'must be a host name, like host.example.com'],
    ['NS', ['ns1.example.com', '192.0.2.1:53'], 'must list only host names, like ns1.example.com ("192.0.2.1:53" is not one)'],
    ['MX', 'mail@example.com', 'must be a mail host, like mail.example.com, or with its priority: "10 mail.example.com"'],
    ['MX', '70000 mail.example.com', 'must be a mail host, like mail.example.com, or with its priority: "10 mail.example.com"'],
    ['MX', 'ten mail.example.com', 'must be a mail host, like mail.example.com, or with its priority: "10 mail.example.com"'],
  ])('names dns.expect for %s records expecting %j', (record, expected, message) => {
    expect(withDns({ record, expect: expected })).toEqual([{ field: 'dns.expect', message }]);
  });

  const resolverForms = 'like 192.0.2.53, 192.0.2.53:5353, 2001:db8::53 or [2001:db8::53]:5353';
  it.each<[unknown, string]>([
    ['', 'must not be empty'],
    [53, 'must be text'],
    [null, 'must be text'],
    ['dns.google', `must be the resolver's IP address (not a host name), with an optional port, ${resolverForms}`],
    ['dns.google:53', `must be the resolver's IP address (not a host name), with an optional port, ${resolverForms}`],
    ['[192.0.2.53]:53', `must be the resolver's IP address (not a host name), with an optional port, ${resolverForms}`],
    ['01.2.3.4', `must be the resolver's IP address (not a host name), with an optional port, ${resolverForms}`],
    ['[fe80::1%eth0]:53', `must be the resolver's IP address (not a host name), with an optional port, ${resolverForms}`],
    ['192.0.2.53:', `must be the resolver's IP address (not a host name), with an optional port, ${resolverForms}`],
    ['192.0.2.53:0', 'must use a port between 1 and 65535'],
    ['[::1]:65536', 'must use a port between 1 and 65535'],
  ])('names dns.resolver for %j', (resolver, message) => {
    expect(withDns({ record: 'A', resolver })).toEqual([{ field: 'dns.resolver', message }]);
  });

  it('reports every bad field at once', () => {
    expect(detailsFor({ url: '192.0.2.1', dns: { record: 'A', expect: 'mail.example.com', resolver: 'dns.google' } })).toEqual([
      { field: 'url', message: 'must be a host name to look up, not an IP address' },
      {
        field: 'dns.resolver',
        message: `must be the resolver's IP address (not a host name), with an optional port, ${resolverForms}`,
      },
      { field: 'dns.expect', message: 'must be an IPv4 address, like 192.0.2.1' },
    ]);
  });

  it('checks expect against the record only once the record is known', () => {
    expect(withDns({ record: 'SRV', expect: 'anything' })).toEqual([
      { field: 'dns.record', message: 'must be one of: A, AAAA, CNAME, MX, TXT, NS' },
    ]);
  });
});

describe('isDnsName', () => {
  it('allows one trailing dot, underscores, and 253 characters', () => {
    expect(isDnsName('example.com.')).toBe(true);
    expect(isDnsName('_sip._tcp.example.com')).toBe(true);
    expect(isDnsName(`${'a.'.repeat(126)}a`)).toBe(true);
    expect(isDnsName(`${'a.'.repeat(126)}a.`)).toBe(true);
    expect(isDnsName(`${'a.'.repeat(126)}ab`)).toBe(false);
    expect(isDnsName('.')).toBe(false);
    expect(isDnsName('')).toBe(false);
  });
});
