// Browser mode's page secret on its way to the page and back. The server hands it over once, in the fragment of
// the address the launch key redirects to (a fragment never reaches a server or its log); the page keeps it in its
// origin's storage, which a page on another port cannot read, and shows it on every contract socket it opens, as
// one of the socket's subprotocols (the one header a page can set on a WebSocket). The server answers with the
// plain contract protocol, never echoing the secret. Server side: main/browser-mode/web-access.ts; page side:
// renderer/transport/page-secret.ts.

/** The subprotocol the server agrees to; a browser refuses a socket whose server picks none of those offered. */
export const contractProtocol = 'vigil-contract';

const protocolPrefix = 'vigil-page-secret.';
const fragmentPrefix = '#vigil-page-secret=';
/** base64url only: every such value is a valid subprotocol token, so a tampered one cannot break the socket. */
const secretPattern = /^[A-Za-z0-9_-]{1,128}$/;

/** The fragment that hands `secret` to the page. */
export function pageSecretFragment(secret: string): string {
  return `${fragmentPrefix}${secret}`;
}

/** The secret in an address's fragment (`location.hash`), if it is one the server handed over. */
export function pageSecretFromFragment(hash: string): string | undefined {
  if (!hash.startsWith(fragmentPrefix)) return undefined;
  const secret = hash.slice(fragmentPrefix.length);
  return secretPattern.test(secret) ? secret : undefined;
}

/** The subprotocols a page offers: the contract's, and its secret when it holds one. */
export function contractProtocols(secret: string | undefined): string[] {
  return secret !== undefined && secretPattern.test(secret) ? [contractProtocol, `${protocolPrefix}${secret}`] : [contractProtocol];
}

/** The page secret among a socket request's subprotocols (the Sec-WebSocket-Protocol header). */
export function pageSecretFromProtocols(header: string | undefined): string | undefined {
  for (const protocol of (header ?? '').split(',').slice(0, 10)) {
    const value = protocol.trim();
    if (value.startsWith(protocolPrefix)) return value.slice(protocolPrefix.length);
  }
  return undefined;
}
