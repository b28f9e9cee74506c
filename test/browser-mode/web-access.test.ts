// Browser mode's door, over real sockets on 127.0.0.1: the launch key, good once, becomes a cookie and a page
// secret; nothing is served without the cookie, the socket opens only with both (so a cookie replayed from another
// program, whatever Host and Origin it forges, makes no call), and a Host or Origin other than the loopback address
// served is refused (DNS rebinding).
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSecretFromFragment } from '../../common/ipc/page-secret.ts';
import { openContractSocket, rawRequest, startTestWebServer, testIndexHtml, type RawAnswer, type TestWebServer } from '../helpers/web-server.ts';

let web: TestWebServer;
/** The answer to the first use of the key, which spends it. */
let firstOpen: RawAnswer;
let cookie: string;
let pageSecret: string;

beforeAll(async () => {
  web = await startTestWebServer();
  firstOpen = await rawRequest(web.port, { path: `/?key=${web.key}` });
  cookie = firstOpen.headers['set-cookie']?.[0]?.split(';', 1)[0] ?? '';
  pageSecret = pageSecretFromFragment(new URL(firstOpen.headers.location ?? '', web.origin).hash) ?? '';
});
afterAll(() => web.stop());

const alreadyOpened =
  'This address was already opened in a browser, and it opens Vigil only once. Go back to the tab it opened; to open Vigil in another browser, stop `vigil web` (Ctrl-C) and start it again for a new address.\n';

const get = (requestPath: string, headers: Record<string, string> = {}) => rawRequest(web.port, { path: requestPath, headers });

describe('the launch key', () => {
  it('is 256 random bits in the printed URL, which is loopback only', () => {
    expect(web.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${web.port}/\\?key=[A-Za-z0-9_-]{43}$`));
    expect(web.origin).toBe(`http://127.0.0.1:${web.port}`);
  });

  it('is swapped for an HttpOnly, SameSite=Strict cookie and a 303 to / with the page secret in the fragment, so it leaves the address bar', async () => {
    const answer = firstOpen;
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toMatch(/^\/#vigil-page-secret=[A-Za-z0-9_-]{43}$/);
    expect(answer.headers['cache-control']).toBe('no-store');
    const setCookie = answer.headers['set-cookie']?.[0] ?? '';
    expect(setCookie).toMatch(new RegExp(`^vigil-session-${web.port}=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=/$`));
    expect(setCookie).not.toContain(web.key);
    // Three secrets, none derived from another: the cookie says nothing about the page secret.
    expect(new Set([web.key, cookie.split('=')[1], pageSecret]).size).toBe(3);
    expect(setCookie).not.toContain(pageSecret);
  });

  it('opens Vigil only once: used again without this launch\'s cookie, it is refused in plain words and hands out nothing', async () => {
    for (const headers of [{}, { cookie: `vigil-session-${web.port}=${'x'.repeat(43)}` }] as Record<string, string>[]) {
      const again = await get(`/?key=${web.key}`, headers);
      expect(again.status).toBe(403);
      expect(again.body).toBe(alreadyOpened);
      expect(again.headers['set-cookie']).toBeUndefined();
      expect(again.headers.location).toBeUndefined();
    }
  });

  it('used again in the browser that opened it, continues at / on that session, handing out nothing new', async () => {
    const again = await get(`/?key=${web.key}`, { cookie });
    expect(again.status).toBe(303);
    expect(again.headers.location).toBe('/');
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('opens the page with the cookie, with the security headers', async () => {
    const answer = await get('/', { cookie });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(testIndexHtml);
    expect(answer.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy':
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
  });

  it('serves assets with their content type, and HEAD without a body', async () => {
    const asset = await get('/assets/app-1234.js', { cookie });
    expect(asset).toMatchObject({ status: 200, body: 'export const loaded = true;\n' });
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const head = await rawRequest(web.port, { method: 'HEAD', path: '/index.html', headers: { cookie } });
    expect(head).toMatchObject({ status: 200, body: '' });
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(testIndexHtml)));
    expect((await get('/missing.js', { cookie })).status).toBe(404);
  });

  it.each(['/', '/index.html', '/assets/app-1234.js'])('refuses %s without key or cookie (401), in a short plain sentence', async (requestPath) => {
    const answer = await get(requestPath);
    expect(answer.status).toBe(401);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(answer.body.trim().split('\n')).toHaveLength(1);
    expect(answer.body).not.toContain('Vigil test page');
  });

  it('refuses a wrong key, a key one character off, and a cookie from another launch (403)', async () => {
    const offByOne = `${web.key.slice(0, -1)}${web.key.endsWith('A') ? 'B' : 'A'}`;
    for (const key of ['wrong', offByOne, '', encodeURIComponent(`${web.key} `)]) {
      const answer = await get(`/?key=${key}`);
      expect(answer.status, key).toBe(403);
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    const stale = `vigil-session-${web.port}=${'x'.repeat(43)}`;
    expect((await get('/', { cookie: stale })).status).toBe(403);
    // A cookie of the same value under another port's name is not this launch's.
    expect((await get('/', { cookie: cookie.replace(`vigil-session-${web.port}`, 'vigil-session-1') })).status).toBe(401);
  });

  it('finds its cookie among others, also behind a planted one of the same name', async () => {
    expect((await get('/', { cookie: `theme=dark; ${cookie}; other=1` })).status).toBe(200);
    expect((await get('/', { cookie: `vigil-session-${web.port}=planted; ${cookie}` })).status).toBe(200);
  });

  it('answers only GET and HEAD', async () => {
    const answer = await rawRequest(web.port, { method: 'POST', path: '/', headers: { cookie, origin: web.origin } });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
  });

  it('never logs the key or the session', () => {
    for (const secret of [web.key, cookie.split('=')[1] ?? '', pageSecret]) expect(web.logger.text()).not.toContain(secret);
  });
});

describe('DNS rebinding', () => {
  it.each([
    ['a foreign name', (port: number) => `rebind.attacker.example:${port}`],
    ['another port', (port: number) => `127.0.0.1:${port + 1}`],
    ['no port', () => '127.0.0.1'],
    ['another loopback address', (port: number) => `127.0.0.2:${port}`],
  ])('refuses a Host of %s (421), even with the key or the cookie', async (_name, host) => {
    for (const headers of [{}, { cookie }] as Record<string, string>[]) {
      const answer = await get('/', { ...headers, host: host(web.port) });
      expect(answer.status).toBe(421);
      expect(answer.body).not.toContain('Vigil test page');
    }
    const withKey = await get(`/?key=${web.key}`, { host: host(web.port) });
    expect(withKey.status).toBe(421);
    expect(withKey.headers['set-cookie']).toBeUndefined();
  });

  it('logs each refused Host or Origin once, never the key', async () => {
    const refusals = () => web.logger.entries.filter((entry) => entry.fields?.host === 'once.attacker.example');
    await get(`/?key=${web.key}`, { host: 'once.attacker.example' });
    await get('/', { host: 'once.attacker.example' });
    expect(refusals()).toEqual([
      { level: 'warn', message: 'Browser mode refused a request addressed to another host or sent from another site.', fields: { host: 'once.attacker.example', origin: undefined } },
    ]);
    expect(web.logger.text()).not.toContain(web.key);
  });

  it('accepts localhost:<port> as the same server', async () => {
    expect((await get('/', { cookie, host: `localhost:${web.port}` })).status).toBe(200);
  });

  it.each(['http://rebind.attacker.example', `http://127.0.0.1:${1}`, 'null', 'https://127.0.0.1'])('refuses a request with Origin %s (403)', async (origin) => {
    const answer = await get('/', { cookie, origin });
    expect(answer.status).toBe(403);
  });

  it('accepts its own Origin', async () => {
    expect((await get('/', { cookie, origin: web.origin })).status).toBe(200);
  });
});

describe('the contract socket door', () => {
  it('opens with the cookie, the page secret and the page\'s Origin, agreeing to the contract protocol only', async () => {
    const outcome = await openContractSocket(web.port, { cookie, pageSecret });
    expect(outcome.opened).toBe(true);
    if (!outcome.opened) return;
    expect(outcome.socket.protocol).toBe('vigil-contract');
    outcome.socket.close();
  });

  it.each([
    ['no cookie', { pageSecret: true }, 401],
    ['another port\'s cookie', { cookie: `vigil-session-1=${'x'.repeat(43)}`, pageSecret: true }, 401],
    ['no Origin', { origin: null, cookie: true, pageSecret: true }, 403],
    ['a foreign Origin', { origin: 'http://rebind.attacker.example', cookie: true, pageSecret: true }, 403],
    ['an Origin on another loopback port', { origin: 'http://127.0.0.1:1', cookie: true, pageSecret: true }, 403],
    ['a foreign Host', { host: 'rebind.attacker.example', cookie: true, pageSecret: true }, 421],
    ['another path', { path: '/contract/x', cookie: true, pageSecret: true }, 404],
    ['no page secret', { cookie: true }, 401],
    ['another launch\'s page secret', { cookie: true, pageSecret: 'x'.repeat(43) }, 403],
    ['the cookie\'s value as the page secret', { cookie: true, pageSecret: 'cookie-value' }, 403],
  ] as const)('is refused with %s', async (_name, options, status) => {
    const chosen = options as { cookie?: true | string; pageSecret?: true | string };
    const outcome = await openContractSocket(web.port, {
      ...options,
      cookie: chosen.cookie === true ? cookie : chosen.cookie,
      pageSecret: chosen.pageSecret === true ? pageSecret : chosen.pageSecret === 'cookie-value' ? cookie.split('=')[1] : chosen.pageSecret,
    });
    expect(outcome).toMatchObject({ opened: false, status });
  });

  it('is refused with a cookie from another launch on this port (403)', async () => {
    const outcome = await openContractSocket(web.port, { cookie: `vigil-session-${web.port}=${'x'.repeat(43)}`, pageSecret });
    expect(outcome).toMatchObject({ opened: false, status: 403 });
  });

  it('does not take the key in place of the cookie or the page secret', async () => {
    expect(await openContractSocket(web.port, { path: `/contract?key=${web.key}`, pageSecret })).toMatchObject({ opened: false, status: 401 });
    expect(await openContractSocket(web.port, { cookie, pageSecret: web.key })).toMatchObject({ opened: false, status: 403 });
  });

  it('opens nothing for the cookie replayed from another program, with the Host and Origin of the page forged', async () => {
    // What another web server on 127.0.0.1 receives from the browser (cookies ignore ports), sent on from Node.
    const calls = web.core.received.length;
    const outcome = await openContractSocket(web.port, { cookie, host: `127.0.0.1:${web.port}`, origin: web.origin });
    expect(outcome).toMatchObject({ opened: false, status: 401 });
    expect(web.core.received.length).toBe(calls);
  });
});

describe('static files', () => {
  it.each([
    '/../outside.txt',
    '/assets/../../outside.txt',
    '/%2e%2e/outside.txt',
    '/assets/..%2f..%2foutside.txt',
    '/assets/%2e%2e%2f%2e%2e%2foutside.txt',
    '/..%5coutside.txt',
    '/%00index.html',
    '/%E0%A4%A',
    '/.hidden',
  ])('refuses the traversal %s', async (requestPath) => {
    const answer = await get(requestPath, { cookie });
    expect([400, 404]).toContain(answer.status);
    expect(answer.body).not.toContain('not to be served');
  });

  it('does not follow a link that leads out of the renderer folder', async () => {
    symlinkSync(path.join(web.rendererDir, '..', 'outside.txt'), path.join(web.rendererDir, 'assets', 'link.txt'));
    const answer = await get('/assets/link.txt', { cookie });
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain('not to be served');
  });
});
