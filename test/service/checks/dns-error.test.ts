// The sentences for node:dns codes that the loopback DNS server cannot provoke, and the wording for the system's
// resolver, which the tests never ask (its queries would leave the machine).
import { describe, expect, it } from 'vitest';
import { describeDnsError, resolverTimeoutMessage, type DnsQuestion } from '../../../service/checks/dns-error.ts';

const error = (code: string) => Object.assign(new Error(`queryA ${code} example.com`), { code });
const system: DnsQuestion = { record: 'A', host: 'example.com', resolver: undefined, timeoutMs: 10_000 };
const custom: DnsQuestion = { ...system, resolver: '[2001:db8::53]:5353' };

describe('describeDnsError', () => {
  it("names the system's resolver when the monitor sets none", () => {
    expect(describeDnsError(error('ESERVFAIL'), system)).toBe("SERVFAIL from the system's resolver");
    expect(describeDnsError(error('EREFUSED'), system)).toBe("the system's resolver refused the query (REFUSED)");
    expect(describeDnsError(error('ECONNREFUSED'), system)).toBe(
      "the system's resolver refused the connection (no DNS server on that port)",
    );
    expect(resolverTimeoutMessage(system)).toBe("the system's resolver did not answer within 10 s");
  });

  it('names the resolver as the monitor wrote it', () => {
    expect(describeDnsError(error('ESERVFAIL'), custom)).toBe('SERVFAIL from [2001:db8::53]:5353');
    expect(describeDnsError(error('ETIMEOUT'), custom)).toBe('the resolver [2001:db8::53]:5353 did not answer within 10 s');
  });

  it('words the codes a loopback server cannot provoke', () => {
    expect(describeDnsError(error('ECONNRESET'), custom)).toBe(
      'the resolver [2001:db8::53]:5353 closed the connection before answering',
    );
    expect(describeDnsError(error('EOF'), custom)).toBe('the resolver [2001:db8::53]:5353 closed the connection before answering');
    expect(describeDnsError(error('EBADNAME'), system)).toBe('invalid host name "example.com"');
  });

  it('falls back to the network wording, or the message, for anything else', () => {
    expect(describeDnsError(error('ENETUNREACH'), system)).toBe('DNS lookup failed: network unreachable');
    expect(describeDnsError(error('ENOMEM'), system)).toBe('DNS lookup failed: queryA ENOMEM example.com');
    expect(describeDnsError('odd', system)).toBe('DNS lookup failed: check failed');
  });
});
