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
