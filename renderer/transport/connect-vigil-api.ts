// The one way the UI reaches the app: Electron's preload bridge when the page runs in the app window, else
// (browser mode) the WebSocket to the `vigil web` server that served the page. The session cookie rides along
// with the same-origin socket, and the page shows its page secret on it (page-secret.ts), so the page never
// handles the launch key.
import type { VigilApi } from '../../common/ipc/contract.ts';
import { contractProtocols } from '../../common/ipc/page-secret.ts';
import { storedPageSecret, takePageSecretFromAddress } from './page-secret.ts';
import { createWebSocketVigilApi, type ContractLink, type SessionCheck, type WebSocketVigilApi } from './websocket-vigil-api.ts';

let overWebSocket: WebSocketVigilApi | undefined;

export function connectVigilApi(): VigilApi {
  const bridged = (globalThis as { vigil?: VigilApi }).vigil;
  if (bridged) return bridged;
  if (overWebSocket === undefined) {
    takePageSecretFromAddress();
    overWebSocket = createWebSocketVigilApi({
      url: contractUrl(location),
      // The secret is read at every attempt: another tab may have opened a new launch's address meanwhile.
      openSocket: (url) => new WebSocket(url, contractProtocols(storedPageSecret())),
      checkSession: checkPageSession,
    });
  }
  return overWebSocket;
}

/** Browser mode's connection to Vigil, which can be lost; none in the app window, whose bridge cannot be. */
export function contractLink(): ContractLink | undefined {
  return overWebSocket?.connection;
}

/**
 * Whether the server that served this page still accepts its session: a plain request to the page's own address
 * (HEAD, so nothing is downloaded) answers 401 or 403 when a new launch has another key, and fails when nothing
 * listens there. A page without a page secret (its storage was cleared) needs the address opened again, too.
 */
async function checkPageSession(): Promise<SessionCheck> {
  try {
    const answer = await fetch('/', { method: 'HEAD', cache: 'no-store', credentials: 'same-origin', redirect: 'manual' });
    if (answer.status === 401 || answer.status === 403) return 'refused';
    if (!answer.ok) return 'unreachable';
    return storedPageSecret() === undefined ? 'refused' : 'accepted';
  } catch {
    return 'unreachable';
  }
}

/** The contract socket of the server at `location`, same origin. */
export function contractUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/contract`;
}
