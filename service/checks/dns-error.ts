// Turns node:dns's error codes (c-ares status codes) into one sentence that says what the resolver answered.
import { formatSeconds } from './deadline.ts';
import { describeNetworkError } from './network-error.ts';

export interface DnsQuestion {
  record: string;
  host: string;
  /** The resolver as the monitor names it (`127.0.0.1:5353`), or undefined for the system's. */
  resolver: string | undefined;
  timeoutMs: number;
}

/** "the resolver 127.0.0.1:5353" or "the system's resolver": who was asked, as a sentence's subject. */
export function resolverName(resolver: string | undefined): string {
  return resolver === undefined ? "the system's resolver" : `the resolver ${resolver}`;
}

export function resolverTimeoutMessage(question: DnsQuestion): string {
  return `${resolverName(question.resolver)} did not answer within ${formatSeconds(question.timeoutMs)} s`;
}

export function noRecordMessage(question: DnsQuestion): string {
  return `no ${question.record} record for ${question.host}`;
}

export function describeDnsError(error: unknown, question: DnsQuestion): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const who = resolverName(question.resolver);
  switch (code) {
    case 'ENOTFOUND':
      return `${question.host} does not exist (NXDOMAIN)`;
    case 'ENODATA':
      return noRecordMessage(question);
    case 'ESERVFAIL':
      return `SERVFAIL from ${question.resolver ?? "the system's resolver"}`;
    case 'EREFUSED':
      return `${who} refused the query (REFUSED)`;
    case 'ETIMEOUT':
      return resolverTimeoutMessage(question);
    case 'ECONNREFUSED':
      // Over UDP this is the ICMP "port unreachable": nothing listens on the resolver's port.
      return `${who} refused the connection (no DNS server on that port)`;
    case 'ECONNRESET':
    case 'EOF':
      return `${who} closed the connection before answering`;
    case 'EFORMERR':
      return `${who} could not read the query (FORMERR)`;
    case 'ENOTIMP':
      return `${who} does not answer ${question.record} queries (NOTIMP)`;
    case 'EBADRESP':
      return `${who} sent an answer that could not be read`;
    case 'EBADNAME':
    case 'EBADQUERY':
      return `invalid host name "${question.host}"`;
    default:
      return `DNS lookup failed: ${describeNetworkError(error)}`;
  }
}
