// The dns monitor's input (docs/api-decisions.md §16, "Monitors of type dns"): `url` is the host name to look up
// (`dnsHostRule`) and `dns` says which record, what its answer must hold, and which resolver to ask
// (`dnsCheckInput`). The same rules serve the service and a client checking before it sends.

import { z } from 'zod';
import { isIPv4, isIPv6, MAX_HOSTNAME_LENGTH } from './hostnames.ts';
import { choiceInput, requiredOr, textInput } from './input-fields.ts';
import type { Rule } from './input-rules.ts';
import { isJsonObject } from './json.ts';

export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS'] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];

export const DNS_INPUT_LIMITS = {
  /** Values in one `expect` list. */
  expectValues: 20,
  /** Characters in one expected value (a TXT fragment is the longest kind). */
  expectValueLength: 500,
} as const;

// Unlike a host to connect to (RFC 1123), a name to look up may have labels with "_" (`_dmarc.example.com`) and
// one trailing dot (the root), as DNS tools write them.
const DNS_LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/i;
const ALL_DIGITS = /^[0-9]+$/;
const NON_ASCII = /[^\u0020-\u007e]/;
const IPV4_AND_PORT = /^([0-9.]+):(\d{1,5})$/;
const BRACKETED_AND_PORT = /^\[([^\]]*)\](?::(\d{1,5}))?$/;
const MX_WITH_PRIORITY = /^(\d{1,5})\s+(\S+)$/;

export function isDnsName(text: string): boolean {
  const name = text.endsWith('.') ? text.slice(0, -1) : text;
  if (name.length === 0 || name.length > MAX_HOSTNAME_LENGTH) return false;
  const labels = name.split('.');
  // RFC 3696 §2: a top-level label is never all digits, so "1.2.3.999" is not a name either.
  return labels.every((label) => DNS_LABEL.test(label)) && !ALL_DIGITS.test(labels.at(-1) ?? '');
}

/** `url` of a dns monitor: the host name to look up. Expects trimmed text. */
export const dnsHostRule: Rule<string> = (host) => {
  if (host === '') return 'must not be empty';
  if (isIPv4(host) || isIPv6(host.replace(/^\[(.*)\]$/, '$1'))) return 'must be a host name to look up, not an IP address';
  if (host.length > MAX_HOSTNAME_LENGTH + 1) return `must be at most ${MAX_HOSTNAME_LENGTH} characters`;
  if (NON_ASCII.test(host)) return 'must use the ASCII (xn--) form of an internationalised host name';
  return isDnsName(host) ? undefined : 'must be a host name, like example.com or _dmarc.example.com';
};

const RESOLVER_FORMS = 'like 192.0.2.53, 192.0.2.53:5353, 2001:db8::53 or [2001:db8::53]:5353';

/** `dns.resolver`: an IP address, with a port or not (IPv6 with a port in brackets). Host names cannot be used: the
 * resolver is what finds addresses. Expects trimmed text. */
export const dnsResolverRule: Rule<string> = (text) => {
  if (text === '') return 'must not be empty';
  const [, ipv4, ipv4Port] = IPV4_AND_PORT.exec(text) ?? [];
  const [, ipv6, ipv6Port] = BRACKETED_AND_PORT.exec(text) ?? [];
  const address = ipv4 ?? ipv6 ?? text;
  const port = ipv4Port ?? ipv6Port;
  const isAddress = ipv6 !== undefined ? isIPv6(address) : isIPv4(address) || isIPv6(address);
  if (!isAddress) return `must be the resolver's IP address (not a host name), with an optional port, ${RESOLVER_FORMS}`;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return 'must use a port between 1 and 65535';
  return undefined;
};

/** What an expected value of each record type looks like: one, many, and an example. TXT takes any text. */
const EXPECTED_VALUE_KINDS: Readonly<Record<Exclude<DnsRecordType, 'TXT'>, { one: string; many: string; like: string }>> = {
  A: { one: 'an IPv4 address', many: 'IPv4 addresses', like: 'like 192.0.2.1' },
  AAAA: { one: 'an IPv6 address', many: 'IPv6 addresses', like: 'like 2001:db8::1' },
  CNAME: { one: 'a host name', many: 'host names', like: 'like host.example.com' },
  NS: { one: 'a host name', many: 'host names', like: 'like ns1.example.com' },
  MX: { one: 'a mail host', many: 'mail hosts', like: 'like mail.example.com, or with its priority: "10 mail.example.com"' },
};

function isExpectedValue(record: Exclude<DnsRecordType, 'TXT'>, value: string): boolean {
  switch (record) {
    case 'A':
      return isIPv4(value);
    case 'AAAA':
      return isIPv6(value);
    case 'CNAME':
    case 'NS':
      return isDnsName(value);
    case 'MX': {
      const [, priority, exchange] = MX_WITH_PRIORITY.exec(value) ?? [undefined, undefined, value];
      return isDnsName(exchange) && (priority === undefined || Number(priority) <= 65_535);
    }
  }
}

function expectedValuesOf(expect: string | readonly string[]): readonly string[] {
  return typeof expect === 'string' ? [expect] : expect;
}

const EXPECT_SHAPE = 'must be text or a list of texts';

/**
 * `dns.expect`: one value or a non-empty list, each trimmed; what each must look like depends on the record. Typed as
 * text or texts for callers; anything else is judged here, so each mistake gets its own sentence.
 */
const expectInput = z.custom<string | string[]>().transform((value, context): string | string[] | undefined => {
  const fail = (message: string) => {
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  if (value === undefined) return undefined;
  const values = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(values)) return fail(EXPECT_SHAPE);
  if (values.length === 0) return fail('must not be an empty list');
  if (values.length > DNS_INPUT_LIMITS.expectValues) return fail(`must list at most ${DNS_INPUT_LIMITS.expectValues} values`);
  const trimmed: string[] = [];
  for (const item of values as unknown[]) {
    if (typeof item !== 'string') return fail(EXPECT_SHAPE);
    const text = item.trim();
    if (text === '') return fail('must not hold empty text');
    if (text.length > DNS_INPUT_LIMITS.expectValueLength) {
      return fail(`must hold values of at most ${DNS_INPUT_LIMITS.expectValueLength} characters`);
    }
    trimmed.push(text);
  }
  return typeof value === 'string' ? trimmed[0] : trimmed;
});

function isRecordType(value: unknown): value is DnsRecordType {
  return (DNS_RECORD_TYPES as readonly unknown[]).includes(value);
}

/**
 * The `dns` object of a dns monitor. `expect`, when given, is what the answer must hold: for A and AAAA each
 * address must be among the answers, for CNAME and NS each name (any case, trailing dot or not), for MX each mail
 * host (with "10 mail.example.com" also its priority), for TXT each text must be part of some record. Without
 * `resolver` the system's resolver is asked.
 */
export const dnsCheckInput = z
  .strictObject(
    {
      record: choiceInput(DNS_RECORD_TYPES),
      expect: expectInput.optional(),
      resolver: textInput(dnsResolverRule).optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `must hold only record, expect and resolver, not ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}`
          : requiredOr('must be an object with record, and optionally expect and resolver')(issue),
    },
  )
  .superRefine(
    (dns, context) => {
      const { record, expect } = dns;
      if (expect === undefined || record === 'TXT') return;
      const wrong = expectedValuesOf(expect).find((value) => !isExpectedValue(record, value));
      if (wrong === undefined) return;
      const kind = EXPECTED_VALUE_KINDS[record];
      const message =
        typeof expect === 'string'
          ? `must be ${kind.one}, ${kind.like}`
          : `must list only ${kind.many}, ${kind.like} (${JSON.stringify(wrong)} is not one)`;
      context.addIssue({ code: 'custom', path: ['expect'], message });
    },
    // Run whenever record and expect are usable, so a bad expectation is reported together with, say, a bad resolver.
    {
      when: ({ value }) =>
        isJsonObject(value) && isRecordType(value['record']) && expectInput.safeParse(value['expect']).success,
    },
  );

export type DnsCheckSpec = z.output<typeof dnsCheckInput>;
