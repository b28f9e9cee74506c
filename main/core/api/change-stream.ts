// `GET /changes` (the `changes` extension, common/api/changes.ts): the stream read through the same transport as
// every request — the bearer header to the checked base URL only, redirects never followed — and parsed by
// eventsource-parser. It resolves when the server ends the stream, and rejects with a MonitoringClientError when it
// cannot be opened, is not a stream, or falls silent for three keep-alive periods.
import { createParser } from 'eventsource-parser';
import { CHANGE_EVENT, CHANGES_KEEP_ALIVE_MS, CHANGES_PATH, READY_EVENT, readChangeNotice, type ChangeNotice } from '../../../common/api/changes.ts';
import type { ClientErrorInfo } from '../model/snapshot.ts';
import { MonitoringClientError } from './client-error.ts';
import { bearerCredential, cancelledInfo, discard, type Transport } from './http-request.ts';
import { networkFailureReason } from './network-error.ts';
import { redactInfo } from './redact.ts';
import { statusErrorInfo } from './status-error.ts';

export interface ChangeListener {
  /** The service follows this stream now: what changed before this moment must be asked for. */
  onReady(): void;
  onChange(notice: Partial<ChangeNotice>): void;
}

const silenceLimitMs = 3 * CHANGES_KEEP_ALIVE_MS;
/** An event is a few dozen bytes; anything near this is not the service talking. */
const maxBufferedChars = 64 * 1024;

export async function followChangeStream(transport: Transport, token: string, listener: ChangeListener, signal: AbortSignal): Promise<void> {
  const label = `GET ${CHANGES_PATH}`;
  const fail = (info: ClientErrorInfo) => new MonitoringClientError(redactInfo(info, [token]));
  const controller = new AbortController();
  let ending: 'cancelled' | 'silent' | 'garbled' | undefined;
  const stop = (why: NonNullable<typeof ending>) => {
    ending ??= why;
    controller.abort();
  };
  const onCallerAbort = () => stop('cancelled');
  if (signal.aborted) throw fail(cancelledInfo(label));
  signal.addEventListener('abort', onCallerAbort, { once: true });
  let silence = transport.clock.setTimer(() => stop('silent'), transport.timeoutMs);
  const heard = (limitMs: number) => {
    transport.clock.clearTimer(silence);
    silence = transport.clock.setTimer(() => stop('silent'), limitMs);
  };
  const interrupted = (error: unknown): MonitoringClientError => {
    if (ending === 'cancelled') return fail(cancelledInfo(label));
    if (ending === 'silent') return fail({ kind: 'timeout', message: `The server's stream of changes fell silent.` });
    if (ending === 'garbled') return fail({ kind: 'protocol-error', message: `The server's stream of changes could not be read.` });
    return fail({ kind: 'unreachable', message: `Could not reach the server at ${new URL(transport.base).host}: ${networkFailureReason(error)}.` });
  };

  try {
    let response: Response;
    try {
      response = await transport.fetch(`${transport.base}${CHANGES_PATH}`, {
        headers: { ...bearerCredential(token).headers, accept: 'text/event-stream' },
        // Never followed: a redirect would re-send the token to wherever the server points.
        redirect: 'manual',
        signal: controller.signal,
      });
    } catch (error) {
      throw interrupted(error);
    }
    const { status, headers } = response;
    if (status < 200 || status > 299) {
      await discard(response);
      throw fail(statusErrorInfo({ status, request: label, headers, body: undefined, nowMs: transport.clock.now(), secrets: [token] }));
    }
    if (!(headers.get('content-type') ?? '').startsWith('text/event-stream') || response.body === null) {
      await discard(response);
      throw fail({ kind: 'protocol-error', status, message: `The server's answer to ${label} is not a stream of events.` });
    }
    heard(silenceLimitMs);
    const parser = createParser({
      maxBufferSize: maxBufferedChars,
      onEvent: (message) => {
        if (message.event === READY_EVENT) listener.onReady();
        else if (message.event === CHANGE_EVENT) listener.onChange(readChangeNotice(message.data));
      },
      onError: () => stop('garbled'),
    });
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) {
        heard(silenceLimitMs);
        parser.feed(decoder.decode(chunk, { stream: true }));
        if (ending !== undefined) break;
      }
    } catch (error) {
      throw interrupted(error);
    }
    if (ending !== undefined) throw interrupted(undefined);
  } finally {
    transport.clock.clearTimer(silence);
    signal.removeEventListener('abort', onCallerAbort);
  }
}
