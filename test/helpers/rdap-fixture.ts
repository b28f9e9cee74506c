// A local RDAP service on 127.0.0.1: an RFC 9224 bootstrap file (`/dns.json`) pointing TLDs at itself, and
// `…/domain/<name>` answers from a table a test can change (renew a domain by moving its expiry). Every answer
// can be swapped for a misbehaviour: an error status, HTML, a huge body, a stall or redirects.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FixtureDomain {
  /** `YYYY-MM-DD` (served as noon UTC) or a full RDAP eventDate, served as written. */
  expiresOn?: string;
  /** Served as the registrar entity's vCard `fn`. */
  registrar?: string;
}

export type FixtureBehaviour =
  | { status: number }
  | { json: unknown }
  | { redirects: number }
  | { redirectTo: string }
  | 'html'
  /** 2 MiB, streamed without a Content-Length. */
  | 'huge'
  /** 2 MiB with its Content-Length declared up front. */
  | 'huge-declared'
  /** Headers never come. */
  | 'stall';

/** [suffixes, base URLs]; a base URL starting with `/` is on the fixture itself. */
export type FixtureService = [suffixes: string[], urls: string[]];

export interface FixtureRequest {
  path: string;
  accept: string | undefined;
}

export interface RdapFixture {
  origin: string;
  bootstrapUrl: string;
  setDomain(name: string, domain: FixtureDomain): void;
  deleteDomain(name: string): void;
  /** Replaces the bootstrap's services (defaultFixtureServices until then). */
  setServices(services: FixtureService[]): void;
  /** Misbehaves for one domain's lookups (undefined: back to normal). */
  behave(name: string, behaviour: FixtureBehaviour | undefined): void;
  /** Misbehaves for the bootstrap file (undefined: back to normal). */
  behaveBootstrap(behaviour: FixtureBehaviour | undefined): void;
  /** Every request so far, in order. */
  readonly requests: readonly FixtureRequest[];
  /** Resolves once `count` requests have arrived in total (for tests that advance a fake clock mid-request). */
  waitForRequests(count: number): Promise<void>;
  close(): Promise<void>;
}

/** `test` and `example` → `/rdap/`, `co.uk` → `/rdap-co-uk` (no slash at the end), `uk` → `/rdap-uk/`. */
export const defaultFixtureServices: FixtureService[] = [
  [['test', 'example'], ['/rdap/']],
  [['co.uk'], ['/rdap-co-uk']],
  [['uk'], ['/rdap-uk/']],
];

const hugeBytes = 2 * 1024 * 1024;
const domainPath = /^(?<base>.*)\/domain\/(?<name>[^/]+)$/;
const hopPath = /^\/hop\/(?<hops>\d+)(?<rest>\/.*)$/;

export async function startRdapFixture(): Promise<RdapFixture> {
  const domains = new Map<string, FixtureDomain>();
  const behaviours = new Map<string, FixtureBehaviour>();
  let bootstrapBehaviour: FixtureBehaviour | undefined;
  let services = defaultFixtureServices;
  const requests: FixtureRequest[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  let origin = '';

  function bootstrapBody(): unknown {
    const absolute = (url: string) => (url.startsWith('/') ? `${origin}${url}` : url);
    return {
      version: '1.0',
      publication: '2026-01-01T00:00:00Z',
      services: services.map(([suffixes, urls]) => [suffixes, urls.map(absolute)]),
    };
  }

  function serve(request: IncomingMessage, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', origin);
    requests.push({ path: url.pathname, accept: request.headers.accept });
    for (const waiter of waiters.filter((w) => requests.length >= w.count)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
    const hop = hopPath.exec(url.pathname)?.groups;
    const hops = hop ? Number(hop.hops) : 0;
    const path = hop?.rest ?? url.pathname;
    const name = domainPath.exec(path)?.groups?.name;

    const behaviour = name === undefined ? (path === '/dns.json' ? bootstrapBehaviour : undefined) : behaviours.get(name);
    if (behaviour !== undefined && misbehave(behaviour, hops, path, response)) return;
    if (path === '/dns.json') return sendJson(response, 200, bootstrapBody(), 'application/json');
    if (name === undefined) return sendJson(response, 404, rdapError(404, 'no such path'));
    const domain = domains.get(name);
    if (domain === undefined) return sendJson(response, 404, rdapError(404, `${name} is not registered`));
    sendJson(response, 200, domainBody(name, domain));
  }

  const server = createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    bootstrapUrl: `${origin}/dns.json`,
    setDomain: (name, domain) => void domains.set(name, domain),
    deleteDomain: (name) => void domains.delete(name),
    setServices: (next) => void (services = next),
    behave: (name, behaviour) => void (behaviour === undefined ? behaviours.delete(name) : behaviours.set(name, behaviour)),
    behaveBootstrap: (behaviour) => void (bootstrapBehaviour = behaviour),
    requests,
    waitForRequests: (count) =>
      requests.length >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Stalled answers hold their sockets open; the fixture is done with them.
        server.closeAllConnections();
      }),
  };
}

/** Answers as the behaviour says; false when the request should get its normal answer after all. */
function misbehave(behaviour: FixtureBehaviour, hops: number, path: string, response: ServerResponse): boolean {
  if (behaviour === 'stall') return true;
  if (behaviour === 'html') {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Maintenance</title>');
  } else if (behaviour === 'huge' || behaviour === 'huge-declared') {
    const length = behaviour === 'huge-declared' ? { 'content-length': hugeBytes } : {};
    response.writeHead(200, { 'content-type': 'application/rdap+json', ...length });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    for (let sent = 0; sent < hugeBytes; sent += chunk.length) response.write(chunk);
    response.end();
  } else if ('status' in behaviour) {
    sendJson(response, behaviour.status, rdapError(behaviour.status, 'fixture error'));
  } else if ('json' in behaviour) {
    sendJson(response, 200, behaviour.json);
  } else if ('redirectTo' in behaviour) {
    response.writeHead(302, { location: behaviour.redirectTo }).end();
  } else {
    if (hops >= behaviour.redirects) return false;
    // Relative, so the client has to resolve Location against the URL it asked.
    response.writeHead(302, { location: `/hop/${hops + 1}${path}` }).end();
  }
  return true;
}

function sendJson(response: ServerResponse, status: number, body: unknown, type = 'application/rdap+json'): void {
  response.writeHead(status, { 'content-type': type }).end(JSON.stringify(body));
}

function rdapError(errorCode: number, title: string): unknown {
  return { errorCode, title, rdapConformance: ['rdap_level_0'] };
}

function domainBody(name: string, domain: FixtureDomain): unknown {
  const events: unknown[] = [{ eventAction: 'registration', eventDate: '2001-02-03T04:05:06Z' }];
  if (domain.expiresOn !== undefined) {
    const bareDate = /^\d{4}-\d{2}-\d{2}$/.test(domain.expiresOn);
    events.push({ eventAction: 'expiration', eventDate: bareDate ? `${domain.expiresOn}T12:00:00Z` : domain.expiresOn });
  }
  const entities =
    domain.registrar === undefined
      ? []
      : [
          {
            objectClassName: 'entity',
            handle: '9999',
            roles: ['registrar'],
            vcardArray: ['vcard', [['version', {}, 'text', '4.0'], ['fn', {}, 'text', domain.registrar]]],
          },
        ];
  return { objectClassName: 'domain', ldhName: name, rdapConformance: ['rdap_level_0'], events, entities };
}
