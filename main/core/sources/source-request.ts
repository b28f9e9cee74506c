// How Vigil asks a source it watches read-only (issue 21): one place for every kind's requests. The kind's credential
// (docs/client.md, "Sources, read-only"), where it may be sent, conditional requests so an unchanged answer costs the
// source nothing, and the answer checked for being what was asked for; all over the API client's one HTTP exchange
// (main/core/api/http-request.ts), so deadlines, redirects never followed, the byte cap, Retry-After and redaction are
// the same for a source as for a Vigil server, and every failure is a MonitoringClientError in the source's words.
import type { Clock } from '../../../common/clock.ts';
import { MonitoringClientError } from '../api/client-error.ts';
import { looksLikeHtml } from '../api/error-message.ts';
import { sendRequest, type ApiResponse, type Credential, type Transport } from '../api/http-request.ts';
import { atSentenceStart, type Naming } from '../api/naming.ts';
import { whereJsonBreaks } from '../api/parse-json.ts';
import { checkBaseUrl, isSendableToken } from '../api/token-safety.ts';
import { CONNECTION_KEY, CONNECTION_SECRET_NAMES, SOURCE_KIND_NAMES, type SourceKind } from '../../../common/ipc/connection-kinds.ts';

export interface SourceAddress {
  kind: SourceKind;
  /** As the person configured it: `https://kuma.example.com`, `https://www.githubstatus.com`. */
  baseUrl: string;
  /** The kind's API key (or Gatus's bearer token); none for status pages and Alertmanager. */
  key?: string | undefined;
  /** Uptime Kuma read without a key: the slug of the public status page it reads (`/status/<slug>`). */
  page?: string | undefined;
}

export interface SourcePorts {
  fetch: typeof globalThis.fetch;
  clock: Clock;
  /** Over the headers and the body together; 15 s when not given, as for the API. */
  timeoutMs?: number;
  /** The most of one answer Vigil reads; the kind's own cap (`maxAnswerBytes`) when not given. */
  maxAnswerBytes?: number;
}

export interface SourceAnswer<T> {
  value: T;
  /**
   * The source said the answer has not changed since the last one (304, to `If-None-Match`/`If-Modified-Since`), so
   * this is that last answer again, kept here.
   */
  fromCache: boolean;
}

export interface SourceCallOptions {
  signal?: AbortSignal | undefined;
}

/**
 * How the key travels: Kuma's /metrics takes HTTP Basic with the key as the password (the user name is ignored);
 * Healthchecks an `X-Api-Key` header; Gatus (when it has a token set) and UptimeRobot's v3 API a bearer token; status
 * pages and Alertmanager are read without one (whether a kind needs one is `CONNECTION_KEY`'s to say).
 */
type KeyStyle = { style: 'basic-password' | 'x-api-key' | 'bearer' } | { style: 'none' };

const KEY_STYLES: Record<SourceKind, KeyStyle> = {
  'uptime-kuma': { style: 'basic-password' },
  healthchecks: { style: 'x-api-key' },
  gatus: { style: 'bearer' },
  uptimerobot: { style: 'bearer' },
  alertmanager: { style: 'none' },
  statuspage: { style: 'none' },
};

const MiB = 1024 * 1024;

/**
 * The most of one answer Vigil reads, per kind. 32 MiB, as for the API, where the answer grows with what the person
 * watches (Kuma's /metrics is about 1.5 MB for 5,000 monitors, more with many tags, which all become labels; a Gatus
 * answer carries each endpoint's recent results); a status page's summary is a few hundred KB even for a large page
 * (300 components), so 8 MiB is already far past any real one.
 */
export const maxAnswerBytes: Record<SourceKind, number> = {
  'uptime-kuma': 32 * MiB,
  healthchecks: 32 * MiB,
  gatus: 32 * MiB,
  uptimerobot: 32 * MiB,
  alertmanager: 32 * MiB,
  statuspage: 8 * MiB,
};

const defaultTimeoutMs = 15_000;

/**
 * How many answers are kept for conditional requests, per source: the few paths a poll asks (a page of a list, an
 * item's history) many times over; past this the oldest is let go, so a path that changes every poll cannot pile up.
 */
const maxKeptAnswers = 64;

const JSON_ACCEPT = 'application/json';
/** The Prometheus text format (version 0.0.4), what Vigil's scanner reads (prometheus-text.ts), not OpenMetrics. */
const PROMETHEUS_ACCEPT = 'text/plain; version=0.0.4';

/** What an earlier answer to the same request said, kept for a conditional request. */
interface Kept {
  etag: string | null;
  lastModified: string | null;
  text: string;
  contentType: string | null;
}

export class SourceRequester {
  readonly #kind: SourceKind;
  readonly #key: string | undefined;
  readonly #transport: Transport | undefined;
  readonly #naming: Naming | undefined;
  /** Why nothing can be sent at all (a key where none belongs or none where one is needed, a bad address). */
  readonly #refusal: MonitoringClientError | undefined;
  /** The last answer to each GET that came with a validator (ETag, Last-Modified), by Accept and path. */
  readonly #kept = new Map<string, Kept>();

  constructor(source: SourceAddress, ports: SourcePorts) {
    this.#kind = source.kind;
    this.#key = source.key === '' ? undefined : source.key;
    this.#refusal = this.#keyRefusal();
    if (this.#refusal !== undefined) return;
    const keyStyle = KEY_STYLES[source.kind];
    // Set only where a key is sent (a kind read without one refused it above).
    const words = this.#key !== undefined && keyStyle.style !== 'none' ? `the ${CONNECTION_SECRET_NAMES[source.kind]}` : undefined;
    // Only a key is held to https (or http to this computer): a public status page may be read over plain http.
    const base = checkBaseUrl(source.baseUrl, words ?? false);
    if (!base.ok) {
      this.#refusal = new MonitoringClientError(base.info);
      return;
    }
    const name = SOURCE_KIND_NAMES[source.kind];
    this.#naming = {
      server: name,
      serverAt: `${name} at ${new URL(base.base).host}`,
      credential: words,
      forbiddenRefusesCredential: true,
    };
    this.#transport = {
      base: base.base,
      fetch: ports.fetch,
      clock: ports.clock,
      timeoutMs: ports.timeoutMs ?? defaultTimeoutMs,
      maxResponseBytes: ports.maxAnswerBytes ?? maxAnswerBytes[source.kind],
      naming: this.#naming,
    };
  }

  /** GET `path` (below the base URL, query included) as Prometheus text: Kuma's /metrics. */
  async getText(path: string, options: SourceCallOptions = {}): Promise<SourceAnswer<string>> {
    const { response, fromCache, label } = await this.#get(path, PROMETHEUS_ACCEPT, options);
    this.#refuseWebPage(response, label, 'Prometheus metrics');
    return { value: response.text, fromCache };
  }

  /** GET `path` (below the base URL, query included) as JSON, parsed. */
  async getJson(path: string, options: SourceCallOptions = {}): Promise<SourceAnswer<unknown>> {
    const { response, fromCache, label } = await this.#get(path, JSON_ACCEPT, options);
    return { value: this.#parseJson(response, label), fromCache };
  }

  /**
   * POST `fields` as a form to `path`, the key among them as `api_key` (UptimeRobot's v2 API), and the JSON answer,
   * parsed. Never conditional: a POST's answer is not kept.
   */
  async postForm(path: string, fields: Record<string, string>, options: SourceCallOptions = {}): Promise<unknown> {
    const form = new URLSearchParams(fields);
    if (this.#key !== undefined) form.set('api_key', this.#key);
    const label = `POST ${path}`;
    const response = await sendRequest(this.#ready(), {
      method: 'POST',
      target: path,
      // The key rides in the body, so no header carries it; it is still redacted from every message.
      credential: { headers: {}, secrets: this.#credential().secrets },
      form,
      signal: options.signal,
    });
    return this.#parseJson(response, label);
  }

  async #get(path: string, accept: string, options: SourceCallOptions): Promise<{ response: ApiResponse; fromCache: boolean; label: string }> {
    const transport = this.#ready();
    const label = `GET ${path}`;
    const cacheKey = `${accept} ${path}`;
    const kept = this.#kept.get(cacheKey);
    const conditions: Record<string, string> = {};
    if (kept?.etag != null) conditions['if-none-match'] = kept.etag;
    if (kept?.lastModified != null) conditions['if-modified-since'] = kept.lastModified;
    const response = await sendRequest(transport, {
      method: 'GET',
      target: path,
      credential: this.#credential(),
      accept,
      headers: conditions,
      signal: options.signal,
    });
    if (response.status === 304 && kept !== undefined) {
      // A 304 may bring newer validators for the same answer.
      this.#kept.set(cacheKey, { ...kept, ...validators(response.headers, kept) });
      return { response: { ...response, text: kept.text, contentType: kept.contentType }, fromCache: true, label };
    }
    const fresh = validators(response.headers);
    // Set again at the end, so the Map's order is oldest first.
    this.#kept.delete(cacheKey);
    if (fresh.etag !== null || fresh.lastModified !== null) {
      this.#kept.set(cacheKey, { ...fresh, text: response.text, contentType: response.contentType });
      if (this.#kept.size > maxKeptAnswers) this.#kept.delete(this.#kept.keys().next().value as string);
    }
    return { response, fromCache: false, label };
  }

  #ready(): Transport {
    if (this.#refusal !== undefined) throw this.#refusal;
    // Set whenever there is no refusal.
    return this.#transport as Transport;
  }

  #keyRefusal(): MonitoringClientError | undefined {
    const keyStyle = KEY_STYLES[this.#kind];
    const name = SOURCE_KIND_NAMES[this.#kind];
    if (keyStyle.style === 'none') {
      if (this.#key === undefined) return undefined;
      const which = this.#kind === 'statuspage' ? 'A status page' : atSentenceStart(name);
      return new MonitoringClientError({ kind: 'bad-request', message: `${which} is read without a key, so Vigil sends none; remove the key from this source.` });
    }
    if (this.#key === undefined) {
      return CONNECTION_KEY[this.#kind] === 'required' ? new MonitoringClientError({ kind: 'unauthorized', message: `No API key is set for ${name}, so nothing was sent to it.` }) : undefined;
    }
    if (!isSendableToken(this.#key)) {
      return new MonitoringClientError({ kind: 'unauthorized', message: `${atSentenceStart(`the ${CONNECTION_SECRET_NAMES[this.#kind]}`)} contains spaces or characters that cannot be sent in an HTTP header.` });
    }
    return undefined;
  }

  #credential(): Credential {
    const key = this.#key;
    if (key === undefined) return { headers: {}, secrets: [] };
    // Every spelling a server could echo back: the key itself (also URL-encoded and JSON-escaped, by redact), as a
    // form field, and inside the Basic header's base64.
    const secrets = [key, new URLSearchParams({ k: key }).toString().slice(2)];
    switch (KEY_STYLES[this.#kind].style) {
      case 'basic-password': {
        const basic = btoa(`:${key}`);
        return { headers: { authorization: `Basic ${basic}` }, secrets: [...secrets, basic] };
      }
      case 'x-api-key':
        return { headers: { 'x-api-key': key }, secrets };
      case 'bearer':
        return { headers: { authorization: `Bearer ${key}` }, secrets };
      case 'none':
        return { headers: {}, secrets };
    }
  }

  /** A login page, a proxy's error page or the source's own web site where its API should answer. */
  #refuseWebPage(response: ApiResponse, label: string, expected: string): void {
    if (response.text.trim() !== '' && looksLikeHtml(response)) {
      throw this.#protocolError(response, `answered ${label} with a web page, not ${expected}; check the address`);
    }
  }

  #parseJson(response: ApiResponse, label: string): unknown {
    this.#refuseWebPage(response, label, 'JSON');
    if (response.text.trim() === '') throw this.#protocolError(response, `answered ${label} with an empty body where JSON was expected`);
    try {
      return JSON.parse(response.text) as unknown;
    } catch (error) {
      throw this.#protocolError(response, `answered ${label} with a body that is not valid JSON${whereJsonBreaks(error, response.text)}`);
    }
  }

  #protocolError(response: ApiResponse, what: string): MonitoringClientError {
    const serverAt = atSentenceStart(this.#naming?.serverAt ?? SOURCE_KIND_NAMES[this.#kind]);
    return new MonitoringClientError({ kind: 'protocol-error', status: response.status, message: `${serverAt} ${what}.` });
  }
}

function validators(headers: Headers, kept?: Kept): { etag: string | null; lastModified: string | null } {
  return { etag: headers.get('etag') ?? kept?.etag ?? null, lastModified: headers.get('last-modified') ?? kept?.lastModified ?? null };
}
