// A real HTTPS server on loopback serving one certificate, for the checks' certificate tests.
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { MintedCertificate } from './test-certificates.ts';

export interface TlsTarget {
  /** `https://localhost:<port>/`. */
  url: string;
  port: number;
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
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
