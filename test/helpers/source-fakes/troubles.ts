// The ways any source's server (or the proxy in front of it) can fail a request, for the fake sources beside this
// file: a web page where the API should answer, 429 with Retry-After, a body cut short, an answer far too large.
// JSON that is another service's. Each fake answers in its source's own words otherwise; a test switches one of these on with `fake.trouble(...)`.
import type { ServerResponse } from 'node:http';
import { answers, startHostileServer, type HostileServer, type RecordedRequest, type Script } from '../hostile-server.ts';

export type Trouble =
  /** A reverse proxy's or login's HTML page, with this status (a 502 from nginx, a 200 sign-in page). */
  | { kind: 'html'; status: number }
  /** 429 with `Retry-After` in seconds, and the body and headers the source sends with it. */
  | { kind: 'rate-limited'; retryAfterSeconds: number; body?: string; headers?: Record<string, string> }
  /** The headers promise more than comes: the connection closes part way through the body. */
  | { kind: 'cut-short' }
  /** A body of `bytes` bytes, with or without its length said. */
  | { kind: 'huge'; bytes: number; declareLength: boolean }
  /** JSON, but not the source's: another service at the configured address. */
  | { kind: 'other-json'; body: unknown };

/** nginx's own 502 page, as a reverse proxy in front of a source answers when the source is down. */
export const NGINX_PAGE = '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';
const SIGN_IN_PAGE = '<!doctype html><html><head><title>Sign in</title></head><body><form method="post">Sign in</form></body></html>';

/** The script answering with `trouble`. */
export function troubleScript(trouble: Trouble): Script {
  switch (trouble.kind) {
    case 'html':
      return answers.text(trouble.status, trouble.status >= 500 ? NGINX_PAGE : SIGN_IN_PAGE, { 'content-type': 'text/html' });
    case 'rate-limited':
      return answers.text(429, trouble.body ?? '', { 'retry-after': String(trouble.retryAfterSeconds), ...trouble.headers });
    case 'cut-short':
      return (_request: RecordedRequest, response: ServerResponse) => {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
        response.write('[{"name": "Back', () => response.socket?.destroy());
      };
    case 'huge':
      return answers.huge(trouble.bytes, trouble.declareLength);
    case 'other-json':
      return answers.json(200, trouble.body);
  }
}

/** A fake source's server: each request is answered by `answer`, or by the trouble the test has switched on. */
export async function startTroubledServer(answer: Script): Promise<{ server: HostileServer; trouble(next: Trouble | undefined): void }> {
  let trouble: Trouble | undefined;
  const server = await startHostileServer((request, response) => (trouble === undefined ? answer(request, response) : troubleScript(trouble)(request, response)));
  return {
    server,
    trouble: (next) => {
      trouble = next;
    },
  };
}
