// dns check: ask a resolver for one record type of a host name; up when records of that type come back and hold
// what the monitor expects (docs/api-decisions.md §16, "Monitors of type dns").
import { Resolver } from 'node:dns/promises';
import type { DnsCheckSpec, DnsRecordType } from '../../common/api/dns-check-input.ts';
import type { Clock } from '../../common/clock.ts';
import type { CheckResult } from './check-result.ts';
import { runWithDeadline } from './deadline.ts';
import { describeDnsError, noRecordMessage, resolverTimeoutMessage, type DnsQuestion } from './dns-error.ts';
import { expectationProblem, type DnsAnswers } from './dns-expectation.ts';

export interface DnsCheckSettings {
  clock: Clock;
  timeoutMs: number;
}

type Query = (resolver: Resolver, host: string) => Promise<DnsAnswers>;

// resolveX asks for that type only (no search domains); c-ares follows CNAMEs within the answer and retries a
// truncated UDP answer over TCP.
const QUERIES: Readonly<Record<DnsRecordType, Query>> = {
  A: (resolver, host) => resolver.resolve4(host),
  AAAA: (resolver, host) => resolver.resolve6(host),
  CNAME: (resolver, host) => resolver.resolveCname(host),
  MX: async (resolver, host) =>
    (await resolver.resolveMx(host))
      .sort((left, right) => left.priority - right.priority)
      .map(({ priority, exchange }) => `${priority} ${exchange}`),
  // A TXT record is one or more strings of up to 255 bytes; what it says is them joined.
  TXT: async (resolver, host) => (await resolver.resolveTxt(host)).map((strings) => strings.join('')),
  NS: (resolver, host) => resolver.resolveNs(host),
};

/**
 * A resolver of its own per check, so the deadline can cancel this check's query and nothing else. Two tries, each
 * given half the deadline: a lost datagram is asked again in time, and c-ares gives up about when the deadline does.
 */
function createResolver(server: string | undefined, timeoutMs: number): Resolver | string {
  const resolver = new Resolver({ timeout: Math.max(1, Math.ceil(timeoutMs / 2)), tries: 2 });
  if (server === undefined) return resolver;
  try {
    resolver.setServers([server]);
    return resolver;
  } catch {
    return `invalid resolver address "${server}"`;
  }
}

/**
 * One dns check of `host`: up when the resolver (`spec.resolver`, or the system's) answers records of
 * `spec.record` that hold `spec.expect`. Never rejects; the duration is the whole lookup.
 */
export function checkDns(host: string, spec: DnsCheckSpec, settings: DnsCheckSettings): Promise<CheckResult> {
  const question: DnsQuestion = { record: spec.record, host, resolver: spec.resolver, timeoutMs: settings.timeoutMs };
  return runWithDeadline(
    settings.clock,
    settings.timeoutMs,
    async (signal) => {
      // Specs come from stored rows, which may be newer than this code.
      if (!Object.hasOwn(QUERIES, spec.record)) return `unknown DNS record type "${String(spec.record)}"`;
      const resolver = createResolver(spec.resolver, settings.timeoutMs);
      if (typeof resolver === 'string') return resolver;
      signal.addEventListener('abort', () => resolver.cancel(), { once: true });
      let answers: DnsAnswers;
      try {
        answers = await QUERIES[spec.record](resolver, host);
      } catch (error) {
        return describeDnsError(error, question);
      }
      // A CNAME chain that ends without records of the type comes back empty rather than as ENODATA.
      if (answers.length === 0) return noRecordMessage(question);
      return expectationProblem(spec.record, host, answers, spec.expect);
    },
    resolverTimeoutMessage(question),
  );
}
