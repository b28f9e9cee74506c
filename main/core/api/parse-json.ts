// The JSON of a success response, or a protocol error saying what came instead. Never quotes the body: it
// could hold anything, a reflected token included.
import type { ProtocolError } from '../../../common/api/index.ts';
import { MonitoringClientError } from './client-error.ts';
import { looksLikeHtml } from './error-message.ts';
import type { ApiResponse } from './http-request.ts';

export function parseJsonBody(response: ApiResponse, label: string): unknown {
  if (response.text.trim() === '') throw protocolError(response.status, `The server answered ${label} with an empty body where JSON was expected.`);
  try {
    return JSON.parse(response.text) as unknown;
  } catch {
    const what = looksLikeHtml(response) ? 'an HTML page' : 'a body that is not valid JSON';
    throw protocolError(response.status, `The server answered ${label} with ${what} where JSON was expected.`);
  }
}

/** A body of the wrong shape altogether (an object where a list was due, say). */
export function shapeError(status: number, label: string, error: ProtocolError): MonitoringClientError {
  return protocolError(status, `The server's answer to ${label} is not what the API promises: ${error.message}.`);
}

function protocolError(status: number, message: string): MonitoringClientError {
  return new MonitoringClientError({ kind: 'protocol-error', status, message });
}

/**
 * Where JSON that did not parse breaks, from the parser's error: " (it breaks at line 3, column 7)", " (it ends too
 * soon)", or "" when the parser did not say. Never quotes the text (the parser's own message may).
 */
export function whereJsonBreaks(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : '';
  if (/unexpected end of json input/i.test(message)) return ' (it ends too soon)';
  const position = /at position (\d+)/.exec(message)?.[1];
  if (position === undefined) return '';
  const before = text.slice(0, Number(position));
  const line = before.split('\n').length;
  const column = Number(position) - before.lastIndexOf('\n');
  return ` (it breaks at line ${line}, column ${column})`;
}
