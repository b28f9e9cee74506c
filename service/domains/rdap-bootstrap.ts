// RFC 9224 bootstrap: which RDAP server answers for which TLD (or longer suffix, like co.uk). Held in memory
// for its TTL; a failed refresh keeps the copy we have and is retried after a while, not on every lookup.
import type { Clock } from '../../common/clock.ts';
import { isJsonObject } from '../../common/api/json.ts';
import { RdapLookupError } from './rdap-lookup-error.ts';

/** Domain suffix (lower case, like `com` or `co.uk`) → base URL of its RDAP service. */
export type RdapServices = ReadonlyMap<string, string>;

export interface RdapBootstrapOptions {
  load: () => Promise<unknown>;
  clock: Clock;
  ttlMs: number;
  allowHttp: boolean;
}

export interface RdapBootstrap {
  /** The base URL of the service for the longest matching suffix, or undefined if none serves the domain. */
  serviceUrlFor(domain: string): Promise<string | undefined>;
}

const maxRetryAfterFailureMs = 60 * 60 * 1000;

export function createRdapBootstrap({ load, clock, ttlMs, allowHttp }: RdapBootstrapOptions): RdapBootstrap {
  let cached: { services: RdapServices; refreshAt: number } | undefined;
  let loading: Promise<RdapServices> | undefined;

  async function refresh(): Promise<RdapServices> {
    try {
      const services = parseRdapBootstrap(await load(), allowHttp);
      cached = { services, refreshAt: clock.now() + ttlMs };
      return services;
    } catch (error) {
      if (cached === undefined) throw bootstrapError(error);
      cached = { services: cached.services, refreshAt: clock.now() + Math.min(ttlMs, maxRetryAfterFailureMs) };
      return cached.services;
    }
  }

  async function services(): Promise<RdapServices> {
    if (cached !== undefined && clock.now() < cached.refreshAt) return cached.services;
    // Lookups that arrive while the file loads share the one request.
    loading ??= refresh().finally(() => {
      loading = undefined;
    });
    return loading;
  }

  return { serviceUrlFor: async (domain) => findRdapService(await services(), domain) };
}

export function parseRdapBootstrap(json: unknown, allowHttp: boolean): RdapServices {
  if (!isJsonObject(json) || !Array.isArray(json.services)) {
    throw new RdapLookupError('bad-response', 'the list of registries has no "services" entry');
  }
  const services = new Map<string, string>();
  for (const service of json.services as unknown[]) {
    if (!Array.isArray(service)) continue;
    const [suffixes, urls] = service as unknown[];
    const url = Array.isArray(urls) ? pickUrl(urls, allowHttp) : undefined;
    if (!Array.isArray(suffixes) || url === undefined) continue;
    for (const suffix of suffixes) {
      if (typeof suffix === 'string') services.set(suffix.toLowerCase(), url);
    }
  }
  return services;
}

export function findRdapService(services: RdapServices, domain: string): string | undefined {
  const labels = domain.split('.');
  for (let start = 0; start < labels.length; start++) {
    const url = services.get(labels.slice(start).join('.'));
    if (url !== undefined) return url;
  }
  return undefined;
}

/** RFC 9224 §3: prefer https when a service lists several; plain http only where explicitly allowed. */
function pickUrl(urls: unknown[], allowHttp: boolean): string | undefined {
  const withProtocol = (protocol: string) =>
    urls.find((url): url is string => typeof url === 'string' && URL.parse(url)?.protocol === protocol);
  return withProtocol('https:') ?? (allowHttp ? withProtocol('http:') : undefined);
}

function bootstrapError(error: unknown): unknown {
  if (!(error instanceof RdapLookupError)) return error;
  // The bootstrap file missing (404) says nothing about the domain, unlike a 404 for the domain itself.
  const reason = error.reason === 'not-found' ? 'unreachable' : error.reason;
  // Said as what it is to a person: the list that says which registry to ask.
  return new RdapLookupError(reason, `could not load the list of registries: ${error.message}`, { cause: error });
}
