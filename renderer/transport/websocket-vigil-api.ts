// The contract as the page calls it in browser mode: a VigilApi over one WebSocket to `vigil web`, generated from
// the contract's names (the server side is main/browser-mode/contract-socket.ts). The socket reconnects with
// backoff; a call made while it is down waits for it, then fails in one sentence. A call whose socket drops before
// the answer fails rather than being sent again, since it may already have run. A failed call rejects with the
// plain VigilCallError, as the preload bridge does. `connection` says whether the page is connected, so the page
// can say so when it is not: lost (Vigil stopped, or the socket dropped), or refused (Vigil was started again,
// and this page's session belongs to the launch before).
import { systemClock, type Clock, type TimerHandle } from '../../common/clock.ts';
import { methodNames, windowEventNames, type VigilApi, type VigilCallError, type VigilMethod, type WindowEvent } from '../../common/ipc/contract.ts';

export interface WebSocketApiOptions {
  /** ws://<host>/contract */
  url: string;
  /** Opens the socket, offering what the server asks of a page (connect-vigil-api.ts: the page secret). */
  openSocket: (url: string) => WebSocket;
  clock?: Clock;
  random?: () => number;
  /** How long a call made while disconnected waits for the socket. */
  connectWaitMs?: number;
  /** How long a sent call waits for its answer. */
  replyTimeoutMs?: number;
  /** Reconnection delays: the first, doubling (with jitter) up to the last. */
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** Where an event listener's exception goes; by default the page's error reporting (the console). */
  onListenerError?: (error: unknown) => void;
  /**
   * Asked after a connection attempt failed: whether the server there accepts this page's session. A socket's
   * refused upgrade looks like any failed connection to the page, so only a plain request can tell "Vigil is not
   * running" from "Vigil runs, but was started again with a new key".
   */
  checkSession?: () => Promise<SessionCheck>;
}

export type SessionCheck = 'accepted' | 'refused' | 'unreachable';

/** Where the page's connection to Vigil stands; `since` is when it was last connected (epoch ms). */
export type LinkState =
  | { state: 'connecting' }
  | { state: 'connected' }
  /** Vigil stopped, or the socket dropped: reconnecting with backoff. */
  | { state: 'lost'; since: number }
  /** Vigil answers but not to this page's session (a new launch): it reconnects once the new address was opened. */
  | { state: 'refused'; since: number };

export interface ContractLink {
  current(): LinkState;
  /** Calls `listener` on every change; returns the unsubscribe function. */
  subscribe(listener: (state: LinkState) => void): () => void;
  /** Tries to connect now instead of waiting out the backoff ("Try now"). */
  reconnectNow(): void;
}

export type WebSocketVigilApi = VigilApi & {
  /** Closes the socket for good; pending calls fail. */
  close(): void;
  readonly connection: ContractLink;
};

export function createWebSocketVigilApi(options: WebSocketApiOptions): WebSocketVigilApi {
  const connection = new ContractConnection(options);
  const link: ContractLink = {
    current: () => connection.linkState,
    subscribe: (listener) => connection.watchLink(listener),
    reconnectNow: () => connection.reconnectNow(),
  };
  const api: Record<string, unknown> = { close: () => connection.close(), connection: Object.freeze(link) };
  for (const method of methodNames) api[method] = (...args: unknown[]) => connection.call(method, args);
  for (const event of windowEventNames) api[event] = (listener: (payload: unknown) => void) => connection.subscribe(event, listener);
  return Object.freeze(api) as WebSocketVigilApi;
}

interface PendingCall {
  method: VigilMethod;
  text: string;
  sent: boolean;
  timer: TimerHandle;
  resolve(value: unknown): void;
  reject(error: VigilCallError): void;
}

class ContractConnection {
  readonly #url: string;
  readonly #openSocket: (url: string) => WebSocket;
  readonly #clock: Clock;
  readonly #random: () => number;
  readonly #connectWaitMs: number;
  readonly #replyTimeoutMs: number;
  readonly #firstRetryMs: number;
  readonly #maxRetryMs: number;
  readonly #onListenerError: (error: unknown) => void;
  readonly #checkSession: (() => Promise<SessionCheck>) | undefined;
  readonly #linkListeners = new Set<(state: LinkState) => void>();
  #link: LinkState = { state: 'connecting' };
  readonly #pending = new Map<number, PendingCall>();
  readonly #listeners = new Map<WindowEvent, Set<(payload: unknown) => void>>();
  #socket: WebSocket | undefined;
  #open = false;
  #closed = false;
  #failures = 0;
  #retryTimer: TimerHandle | undefined;
  #nextId = 1;

  constructor(options: WebSocketApiOptions) {
    this.#url = options.url;
    this.#openSocket = options.openSocket;
    this.#clock = options.clock ?? systemClock;
    this.#random = options.random ?? Math.random;
    this.#connectWaitMs = options.connectWaitMs ?? 10_000;
    this.#replyTimeoutMs = options.replyTimeoutMs ?? 60_000;
    this.#firstRetryMs = options.firstRetryMs ?? 250;
    this.#maxRetryMs = options.maxRetryMs ?? 10_000;
    this.#onListenerError = options.onListenerError ?? reportListenerError;
    this.#checkSession = options.checkSession;
    this.#connect();
  }

  get linkState(): LinkState {
    return this.#link;
  }

  watchLink(listener: (state: LinkState) => void): () => void {
    // Its own entry, as with events: subscribing one function twice and unsubscribing once keeps one.
    const entry = (state: LinkState) => listener(state);
    this.#linkListeners.add(entry);
    return () => void this.#linkListeners.delete(entry);
  }

  reconnectNow(): void {
    if (!this.#socket) this.#connect();
  }

  #setLink(next: LinkState): void {
    if (JSON.stringify(next) === JSON.stringify(this.#link)) return;
    this.#link = next;
    for (const listener of [...this.#linkListeners]) {
      try {
        listener(next);
      } catch (error) {
        this.#onListenerError(error);
      }
    }
  }

  /** When the page was last connected: kept across failed attempts, so "as of" names the last live moment. */
  #lastConnected(): number {
    return 'since' in this.#link ? this.#link.since : this.#clock.now();
  }

  call(method: VigilMethod, args: unknown[]): Promise<unknown> {
    if (this.#closed) return Promise.reject(failure(`This connection to Vigil is closed, so ${method} was not sent.`));
    const id = this.#nextId++;
    let text: string;
    try {
      text = JSON.stringify({ id, method, args });
    } catch {
      return Promise.reject({ code: 'invalid-arguments', message: `${method} was called with arguments that cannot be sent.` } satisfies VigilCallError);
    }
    return new Promise((resolve, reject) => {
      const call: PendingCall = { method, text, sent: false, resolve, reject, timer: this.#clock.setTimer(() => this.#timeOut(id), this.#connectWaitMs) };
      this.#pending.set(id, call);
      if (this.#open) this.#send(id, call);
      else if (!this.#socket) this.#connect(); // a call does not wait out the backoff
    });
  }

  subscribe(event: WindowEvent, listener: (payload: unknown) => void): () => void {
    let listeners = this.#listeners.get(event);
    if (!listeners) this.#listeners.set(event, (listeners = new Set()));
    // Each subscription is its own entry, so subscribing one function twice and unsubscribing once keeps one.
    const entry = (payload: unknown) => listener(payload);
    listeners.add(entry);
    return () => void listeners.delete(entry);
  }

  close(): void {
    this.#closed = true;
    if (this.#retryTimer) this.#clock.clearTimer(this.#retryTimer);
    this.#retryTimer = undefined;
    this.#socket?.close(1000);
    this.#socket = undefined;
    this.#open = false;
    for (const id of [...this.#pending.keys()]) this.#settle(id, failure('This connection to Vigil was closed.'));
  }

  #connect(): void {
    if (this.#closed) return;
    if (this.#retryTimer) this.#clock.clearTimer(this.#retryTimer);
    this.#retryTimer = undefined;
    let socket: WebSocket;
    try {
      socket = this.#openSocket(this.#url);
    } catch {
      this.#retryLater();
      return;
    }
    this.#socket = socket;
    let opened = false;
    socket.onopen = () => {
      if (this.#socket !== socket) return;
      opened = true;
      this.#open = true;
      this.#failures = 0;
      this.#setLink({ state: 'connected' });
      for (const [id, call] of this.#pending) if (!call.sent) this.#send(id, call);
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.#socket === socket && typeof event.data === 'string') this.#receive(event.data);
    };
    socket.onclose = () => {
      if (this.#socket !== socket) return;
      this.#socket = undefined;
      this.#open = false;
      for (const [id, call] of this.#pending) {
        if (call.sent) this.#settle(id, failure(`The connection to Vigil was lost before ${call.method} was answered.`));
      }
      this.#retryLater();
      if (opened || this.#link.state !== 'refused') this.#setLink({ state: 'lost', since: opened ? this.#clock.now() : this.#lastConnected() });
      if (!opened) this.#askWhyItFailed();
    };
    socket.onerror = () => {}; // a close event follows, and handles it
  }

  /** A failed attempt: is Vigil gone, or running with a session this page does not have? */
  #askWhyItFailed(): void {
    const check = this.#checkSession;
    if (check === undefined) return;
    void check().then(
      (answer) => {
        // Connected meanwhile, or closed: the answer is about a moment that has passed.
        if (this.#closed || this.#open || this.#link.state === 'connecting' || this.#link.state === 'connected') return;
        const since = this.#lastConnected();
        this.#setLink(answer === 'refused' ? { state: 'refused', since } : { state: 'lost', since });
      },
      () => {},
    );
  }

  #retryLater(): void {
    if (this.#closed) return;
    this.#failures++;
    const ceiling = Math.min(this.#maxRetryMs, this.#firstRetryMs * 2 ** Math.min(20, this.#failures - 1));
    // Equal jitter: tabs that lost the server together do not all come back at once.
    this.#retryTimer = this.#clock.setTimer(() => this.#connect(), ceiling / 2 + (ceiling / 2) * this.#random());
  }

  #send(id: number, call: PendingCall): void {
    call.sent = true;
    this.#clock.clearTimer(call.timer);
    call.timer = this.#clock.setTimer(() => this.#timeOut(id), this.#replyTimeoutMs);
    this.#socket?.send(call.text);
  }

  #timeOut(id: number): void {
    const call = this.#pending.get(id);
    if (!call) return;
    this.#settle(
      id,
      call.sent
        ? failure(`Vigil did not answer ${call.method} within ${Math.round(this.#replyTimeoutMs / 1000)} seconds.`)
        : failure(`Vigil is not reachable, so ${call.method} was not sent; if \`vigil web\` was restarted, open the new address it printed.`),
    );
  }

  #receive(text: string): void {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    const fields = message as Record<string, unknown>;
    if (typeof fields.event === 'string') {
      for (const listener of this.#listeners.get(fields.event as WindowEvent) ?? []) {
        try {
          listener(fields.payload);
        } catch (error) {
          // One failing listener must not keep the event from the others; the error still surfaces.
          this.#onListenerError(error);
        }
      }
      return;
    }
    if (typeof fields.id !== 'number') return;
    if (fields.ok === true) this.#settle(fields.id, undefined, fields.value);
    // The server is this page's own origin, and its call server gives every failure the contract's shape.
    else this.#settle(fields.id, fields.error as VigilCallError);
  }

  #settle(id: number, error: VigilCallError | undefined, value?: unknown): void {
    const call = this.#pending.get(id);
    if (!call) return;
    this.#pending.delete(id);
    this.#clock.clearTimer(call.timer);
    if (error) call.reject(error);
    else call.resolve(value);
  }
}

function reportListenerError(error: unknown): void {
  if (typeof reportError === 'function') reportError(error);
  else
    queueMicrotask(() => {
      throw error;
    });
}

function failure(message: string): VigilCallError {
  return { code: 'failed', message };
}
