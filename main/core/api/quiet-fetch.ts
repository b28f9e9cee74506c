// Node's fetch (undici) keeps timers of its own for every request: 10 s to connect, 300 s for the headers and for
// each silence in the body, on one shared clock that ticks every half second while any of them is pending. A response
// that stays open (the `changes` stream) keeps that clock ticking for good: two wake-ups a second in an app that
// should sleep in the tray. Vigil's requests keep deadlines of their own (http-request.ts, change-stream.ts), so they
// go through a dispatcher without undici's timeouts.
// Its idle connections are kept for up to 10 minutes (a plain timer, moved by each request, never the ticking clock):
// longer than a poll interval, so each poll reuses the last one's connections and their TLS handshakes, and no timer
// fires between polls to close them. A server that wants them closed sooner says so (`Keep-Alive: timeout=…`, which
// undici follows) or closes them itself; Vigil's service keeps them 5 minutes (service/http/api-server.ts).
// See docs/client.md, "At rest".

/** How long an idle connection is kept for the next request: past the longest poll interval most people set. */
const idleConnectionMs = 10 * 60_000;

/** Where undici, Node's bundled copy included, keeps its global dispatcher (the one fetch uses unless told). */
const globalDispatcherKey = Symbol.for('undici.globalDispatcher.1');

interface AgentOptions {
  headersTimeout: number;
  bodyTimeout: number;
  connectTimeout: number;
  keepAliveTimeout: number;
  keepAliveMaxTimeout: number;
}

type AgentConstructor = new (options: AgentOptions) => object;

let quietDispatcher: Promise<object | undefined> | undefined;

async function makeQuietDispatcher(): Promise<object | undefined> {
  try {
    // Node makes fetch's dispatcher, an undici Agent, on its first call; a data: URL makes that call off the network.
    await globalThis.fetch('data:,');
    const agent: unknown = (globalThis as unknown as Record<symbol, unknown>)[globalDispatcherKey];
    if (typeof agent !== 'object' || agent === null) return undefined;
    const Agent = agent.constructor as AgentConstructor;
    return new Agent({ headersTimeout: 0, bodyTimeout: 0, connectTimeout: 0, keepAliveTimeout: idleConnectionMs, keepAliveMaxTimeout: idleConnectionMs });
  } catch {
    // A runtime whose fetch is not undici: its own fetch, wake-ups and all.
    return undefined;
  }
}

/** `fetch`, through the quiet dispatcher where the runtime's fetch is undici. */
export const quietFetch: typeof globalThis.fetch = async (input, init) => {
  const dispatcher = await (quietDispatcher ??= makeQuietDispatcher());
  return globalThis.fetch(input, dispatcher === undefined ? init : ({ ...init, dispatcher } as RequestInit));
};
