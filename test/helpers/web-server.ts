// Browser mode under test: a fake VigilCore (every contract method recorded, events emitted by hand), the real
// web server on 127.0.0.1 over a temporary renderer folder, raw HTTP requests (any Host, any Origin) and
// contract sockets with or without the session cookie and page secret. The printed address opens Vigil once, so a
// launch is signed in to once (signIn) and that session handed to every client and page (openSignedIn).
import type { ItemRulesView } from '../../common/ipc/alerting.ts';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page, Response } from '@playwright/test';
import { WebSocket } from 'ws';
import { methodNames, type CoreCalls, type CoreEvent, type EventPayload, type VigilMethod } from '../../common/ipc/contract.ts';
import { contractProtocols, pageSecretFragment, pageSecretFromFragment } from '../../common/ipc/page-secret.ts';
import type { StatusView } from '../../common/ipc/views.ts';
import type { VigilCore } from '../../main/core/app/vigil-core.ts';
import { startWebServer, type WebServer } from '../../main/browser-mode/web-server.ts';
import { fakeSettingsMethods } from './fake-settings.ts';
import { recordingLogger, type RecordingLogger } from './recording-logger.ts';
import { emptyStatus, serverStatus } from './status-view.ts';

export const sampleStatus: StatusView = {
  ...emptyStatus,
  tooltip: 'Vigil — 2 monitors, all up',
  servers: [serverStatus({ connection: { id: 'local', name: 'This computer', baseUrl: 'http://127.0.0.1:7070/api', kind: 'local', sourceKind: 'vigil', enabled: true, auth: 'signed-in' } })],
};

export interface FakeVigilCore extends VigilCore {
  /** Every call the core received, arguments as the call server passed them. */
  readonly received: { method: VigilMethod; args: unknown[] }[];
  /** Where the call server logged. */
  readonly logger: RecordingLogger;
  emit<E extends CoreEvent>(event: E, payload: EventPayload<E>): void;
  /** Event listeners subscribed right now. */
  listenerCount(): number;
}

/**
 * Every method resolves unless overridden: getStatus with `sampleStatus`, the settings and local-SMTP methods over
 * in-memory state (test/helpers/fake-settings.ts), getItemRules with an item that has no rules of its own, the rest
 * with undefined.
 */
export function fakeVigilCore(overrides: Partial<CoreCalls> = {}): FakeVigilCore {
  const received: FakeVigilCore['received'] = [];
  const listeners = new Map<CoreEvent, Set<(payload: unknown) => void>>();
  const calls: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  const implemented: Partial<CoreCalls> = { ...fakeSettingsMethods(), getItemRules: noItemRules, ...overrides };
  for (const method of methodNames) {
    const override = implemented[method] as ((...args: unknown[]) => Promise<unknown>) | undefined;
    calls[method] = async (...args) => {
      received.push({ method, args });
      if (override) return override(...args);
      return method === 'getStatus' ? sampleStatus : undefined;
    };
  }
  return {
    calls: calls as unknown as CoreCalls,
    received,
    logger: recordingLogger(),
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      const entry = listener as (payload: unknown) => void;
      set.add(entry);
      return () => void set.delete(entry);
    },
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
    listenerCount: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
    suspend() {},
    resume() {},
    start: async () => {},
    stop: async () => {},
  };
}

export interface TestWebServer extends WebServer {
  core: FakeVigilCore;
  port: number;
  rendererDir: string;
  logger: RecordingLogger;
  /** The launch key from the printed URL. */
  key: string;
  /** The session, got the way a browser gets it: by opening the URL with the key (once; see signIn). */
  session(): Promise<PageSession>;
  stop(): Promise<void>;
}

/** What the page that opened the printed address holds. */
export interface PageSession {
  /** `name=value` of the session cookie. */
  cookie: string;
  pageSecret: string;
}

const sessions = new Map<string, Promise<PageSession>>();

/**
 * Opens the printed address from Node as a browser would, the first time it is asked for that address (the key
 * works once), and returns the session cookie and the page secret from the redirect's fragment.
 */
export function signIn(printedUrl: string): Promise<PageSession> {
  let session = sessions.get(printedUrl);
  if (session === undefined) {
    const url = new URL(printedUrl);
    session = rawRequest(Number(url.port), { path: `${url.pathname}${url.search}` }).then((answer) => {
      const cookie = answer.headers['set-cookie']?.[0]?.split(';', 1)[0];
      const pageSecret = pageSecretFromFragment(new URL(answer.headers.location ?? '', url).hash);
      if (answer.status !== 303 || !cookie || !pageSecret) throw new Error(`opening the URL with the key answered ${answer.status}`);
      return { cookie, pageSecret };
    });
    sessions.set(printedUrl, session);
  }
  return session;
}

/**
 * Opens the window in `page` on the launch's session, as a tab in the browser that opened the printed address
 * would: the cookie in its browser, the page secret handed to the page in the fragment (which the page moves into
 * its storage). `route` (`#/monitors`) is then shown the way a link would show it.
 */
export async function openSignedIn(page: Page, server: Pick<WebServer, 'url' | 'origin'>, route?: string): Promise<Response | null> {
  const { cookie, pageSecret } = await signIn(server.url);
  const at = cookie.indexOf('=');
  await page.context().addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: server.origin, httpOnly: true, sameSite: 'Strict' }]);
  const response = await page.goto(`${server.origin}/${pageSecretFragment(pageSecret)}`);
  return route === undefined ? response : page.goto(`${server.origin}/${route}`);
}

export const testIndexHtml = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Vigil test</title></head><body><p>Vigil test page</p></body></html>\n';

/** Starts the server over `rendererDir`, or over a temporary folder with an index.html and one asset. */
export async function startTestWebServer(options: { core?: FakeVigilCore; rendererDir?: string } = {}): Promise<TestWebServer> {
  const core = options.core ?? fakeVigilCore();
  const ownDir = options.rendererDir === undefined ? mkdtempSync(path.join(tmpdir(), 'vigil-web-')) : undefined;
  const rendererDir = options.rendererDir ?? path.join(ownDir ?? '', 'renderer');
  if (ownDir) {
    mkdirSync(path.join(rendererDir, 'assets'), { recursive: true });
    writeFileSync(path.join(rendererDir, 'index.html'), testIndexHtml);
    writeFileSync(path.join(rendererDir, 'assets', 'app-1234.js'), 'export const loaded = true;\n');
    // Outside the served folder, for the path traversal tests.
    writeFileSync(path.join(ownDir, 'outside.txt'), 'not to be served\n');
  }
  // One log for the server and the call server behind it.
  const { logger } = core;
  const server = await startWebServer({ core, rendererDir, logger });
  const url = new URL(server.url);
  const port = Number(url.port);
  return {
    ...server,
    core,
    port,
    rendererDir,
    logger,
    key: url.searchParams.get('key') ?? '',
    session: () => signIn(server.url),
    async stop() {
      await server.close();
      if (ownDir) rmSync(ownDir, { recursive: true, force: true });
    },
  };
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One HTTP request to 127.0.0.1:port with exactly these headers (Host defaults to the right one). */
export function rawRequest(port: number, options: { path?: string; method?: string; headers?: Record<string, string> } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path ?? '/',
        headers: { host: `127.0.0.1:${port}`, connection: 'close', ...options.headers },
        agent: false,
        timeout: 10_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    sent.on('timeout', () => sent.destroy(new Error('the request timed out')));
    sent.on('error', reject);
    sent.end();
  });
}

export type SocketOutcome = { opened: true; socket: WebSocket } | { opened: false; status: number; body: string };

/**
 * Opens the contract socket as a browser tab on `origin` would (Origin defaults to the server's own), offering the
 * contract protocol and `pageSecret` when given.
 */
export function openContractSocket(
  port: number,
  options: { cookie?: string; pageSecret?: string; origin?: string | null; host?: string; path?: string; maxPayload?: number } = {},
): Promise<SocketOutcome> {
  const origin = options.origin === undefined ? `http://127.0.0.1:${port}` : options.origin;
  const headers: Record<string, string> = { host: options.host ?? `127.0.0.1:${port}` };
  if (options.cookie) headers.cookie = options.cookie;
  const socket = new WebSocket(`ws://127.0.0.1:${port}${options.path ?? '/contract'}`, contractProtocols(options.pageSecret), {
    headers,
    ...(origin === null ? {} : { origin }),
    handshakeTimeout: 10_000,
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ opened: true, socket }));
    socket.once('unexpected-response', (_request, response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ opened: false, status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    socket.once('error', reject);
  });
}

/** The next message on an open socket that `matches`; fails if the socket closes first. */
export function nextMessage(socket: WebSocket, matches: (message: Record<string, unknown>) => boolean = () => true): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const onClose = (code: number) => {
      socket.off('message', onMessage);
      reject(new Error(`the socket closed (${code}) before the message came`));
    };
    const onMessage = (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as Record<string, unknown>;
      if (!matches(message)) return;
      socket.off('message', onMessage).off('close', onClose);
      resolve(message);
    };
    socket.on('message', onMessage).once('close', onClose);
  });
}

/** A call over the socket and its reply. */
export async function callOverSocket(socket: WebSocket, message: unknown): Promise<Record<string, unknown>> {
  const id = typeof message === 'object' && message !== null ? (message as { id?: unknown }).id : undefined;
  const reply = nextMessage(socket, (candidate) => 'ok' in candidate && (id === undefined || candidate.id === id));
  socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  return reply;
}

const tcpStates: Record<string, string> = { '01': 'ESTABLISHED', '02': 'SYN_SENT', '03': 'SYN_RECV', '04': 'FIN_WAIT1', '05': 'FIN_WAIT2', '06': 'TIME_WAIT', '07': 'CLOSE', '08': 'CLOSE_WAIT', '09': 'LAST_ACK', '0A': 'LISTEN', '0B': 'CLOSING' };

/** Linux: the states of IPv4 sockets with either end on `port`, except TIME_WAIT (the kernel's, not a program's). */
export function tcpSocketsOn(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter(([, local, remote, state]) => state !== '06' && [local, remote].some((end) => end?.endsWith(`:${hexPort}`)))
    .map(([, , , state]) => tcpStates[state ?? ''] ?? state ?? '');
}

const transportPageHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Vigil transport test</title>
<script type="module" src="./page.js"></script></head>
<body><main><h1>Vigil</h1><p role="status">connecting</p><ul aria-label="Alerts"></ul></main></body></html>
`;

/**
 * Builds (with Vite, as the real renderer is built) a page that uses renderer/transport: it shows getStatus's
 * tooltip, lists alerts shown in the page, and exposes the API as `window.vigilTest` for the test to call.
 * Returns the folder to serve.
 */
export async function buildTransportTestPage(workDir: string): Promise<string> {
  const { build } = await import('vite');
  const sourceDir = path.join(workDir, 'page-source');
  const outDir = path.join(workDir, 'renderer');
  const transport = path.relative(sourceDir, path.join(import.meta.dirname, '..', '..', 'renderer', 'transport')).split(path.sep).join('/');
  mkdirSync(sourceDir, { recursive: true });
  writeFileSync(path.join(sourceDir, 'index.html'), transportPageHtml);
  writeFileSync(
    path.join(sourceDir, 'page.js'),
    `import { connectVigilApi } from '${transport}/connect-vigil-api.ts';
import { showAlert } from '${transport}/show-alert.ts';

const api = connectVigilApi();
const status = document.querySelector('[role=status]');
const alerts = document.querySelector('ul');
const inPage = (alert) => alerts.append(Object.assign(document.createElement('li'), { textContent: alert.title + ': ' + alert.body }));
api.getStatus().then((view) => (status.textContent = view.tooltip), (error) => (status.textContent = 'failed: ' + error.message));
api.onAlert((alert) => showAlert(alert, { inPage }));
window.vigilTest = { api, showAlert: (alert) => showAlert(alert, { inPage }) };
`,
  );
  await build({ configFile: false, root: sourceDir, base: './', logLevel: 'silent', build: { outDir, emptyOutDir: true, minify: false } });
  return outDir;
}

/** An item with no rules of its own: the defaults, every kind told, nothing it depends on. */
async function noItemRules(itemKey: string): Promise<ItemRulesView> {
  return { itemKey, defaultDelayMinutes: 0, tell: { down: true, recovered: true, late: true, expiry: true }, dependents: 0, dependenciesKeptBy: 'vigil' };
}
