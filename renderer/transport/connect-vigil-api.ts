// The one way the UI reaches the app: Electron's preload bridge when the page runs in the app window, else
// (browser mode) the WebSocket to the `vigil web` server that served the page. The session cookie rides along
// with the same-origin socket, so the page never handles the launch key.
import type { VigilApi } from '../../common/ipc/contract.ts';
import { createWebSocketVigilApi, type ContractLink, type SessionCheck, type WebSocketVigilApi } from './websocket-vigil-api.ts';

let overWebSocket: WebSocketVigilApi | undefined;

export function connectVigilApi(): VigilApi {
  const bridged = (globalThis as { vigil?: VigilApi }).vigil;
  if (bridged) return bridged;
  overWebSocket ??= createWebSocketVigilApi({ url: contractUrl(location), checkSession: checkPageSession });
  return overWebSocket;
}

/** Browser mode's connection to Vigil, which can be lost; none in the app window, whose bridge cannot be. */
export function contractLink(): ContractLink | undefined {
  return overWebSocket?.connection;
}

/**
 * Whether the server that served this page still accepts its session: a plain request to the page's own address
 * (HEAD, so nothing is downloaded) answers 401 or 403 when a new launch has another key, and fails when nothing
 * listens there.
 */
async function checkPageSession(): Promise<SessionCheck> {
  try {
    const answer = await fetch('/', { method: 'HEAD', cache: 'no-store', credentials: 'same-origin', redirect: 'manual' });
    if (answer.status === 401 || answer.status === 403) return 'refused';
    return answer.ok ? 'accepted' : 'unreachable';
  } catch {
    return 'unreachable';
  }
}

/** The contract socket of the server at `location`, same origin. */
export function contractUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/contract`;
}
