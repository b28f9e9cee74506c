// A real HTTPS server on loopback serving one certificate, for the checks' certificate tests.
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { MintedCertificate } from './test-certificates.ts';

export interface TlsTarget {
  /** `https://localhost:<port>/`. */
  url: string;
  port: number;
  /** Serves another certificate from the next connection on (kept-alive ones are closed), as a renewal does. */
  renew(certificate: MintedCertificate): void;
  close(): Promise<void>;
}

export async function startTlsTarget(certificate: MintedCertificate, body = 'ok'): Promise<TlsTarget> {
  const server = https.createServer({ cert: certificate.cert, key: certificate.key }, (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://localhost:${port}/`,
    port,
    renew: (next) => {
      server.setSecureContext({ cert: next.cert, key: next.key });
      server.closeIdleConnections();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
