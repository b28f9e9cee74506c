// Looks up a domain's expiry date and registrar over RDAP, finding the registry's server through the IANA
// bootstrap file.
import type { Clock } from '../../common/clock.ts';
import { backgroundClock } from '../../common/clock.ts';
import { createRdapBootstrap } from './rdap-bootstrap.ts';
import { readRdapDomain, type RdapDomainInfo } from './rdap-domain.ts';
import { fetchRdapJson } from './rdap-fetch.ts';
import { RdapLookupError } from './rdap-lookup-error.ts';

export interface RdapClientOptions {
  bootstrapUrl?: string;
  fetch?: typeof fetch;
  clock?: Clock;
  bootstrapTtlMs?: number;
  /** For each request, redirects and body included. */
  timeoutMs?: number;
  maxBytes?: number;
  /** Plain-http servers are refused unless this is set (tests serve on http://127.0.0.1). */
  allowHttp?: boolean;
}

export interface RdapClient {
  /**
   * `domain` is an ASCII (A-label), lower-case name. Rejects with an RdapLookupError, or with the signal's
   * reason when the caller cancels.
   */
  lookup(domain: string, options?: { signal?: AbortSignal }): Promise<RdapDomainInfo>;
}

export const ianaRdapBootstrapUrl = 'https://data.iana.org/rdap/dns.json';

const domainName = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*$/;

export function createRdapClient({
  bootstrapUrl = ianaRdapBootstrapUrl,
  fetch: fetchImpl = fetch,
  clock = backgroundClock,
  bootstrapTtlMs = 24 * 60 * 60 * 1000,
  timeoutMs = 15_000,
  maxBytes = 1024 * 1024,
  allowHttp = false,
}: RdapClientOptions = {}): RdapClient {
  const fetchOptions = { fetch: fetchImpl, clock, timeoutMs, maxBytes, allowHttp };
  const bootstrap = createRdapBootstrap({
    load: () => fetchRdapJson(bootstrapUrl, { ...fetchOptions, accept: 'application/json' }),
    clock,
    ttlMs: bootstrapTtlMs,
    allowHttp,
  });

  return {
    async lookup(domain, { signal } = {}) {
      if (!domainName.test(domain)) {
        throw new TypeError(`not an ASCII lower-case domain name: ${JSON.stringify(domain)}`);
      }
      const serviceUrl = await bootstrap.serviceUrlFor(domain);
      if (serviceUrl === undefined) {
        const tld = domain.split('.').pop() ?? domain;
        throw new RdapLookupError('unsupported-tld', `the registry of .${tld} does not publish expiry dates (no RDAP service is listed for .${tld})`);
      }
      const queryUrl = `${serviceUrl.endsWith('/') ? serviceUrl : `${serviceUrl}/`}domain/${domain}`;
      const json = await fetchRdapJson(queryUrl, { ...fetchOptions, accept: 'application/rdap+json', signal });
      return readRdapDomain(json, new URL(queryUrl).host);
    },
  };
}
