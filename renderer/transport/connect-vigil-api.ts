// The one way the UI reaches the app: Electron's preload bridge when the page runs in the app window, else
// (browser mode) the WebSocket to the `vigil web` server that served the page. The session cookie rides along
// with the same-origin socket, so the page never handles the launch key.
import type { VigilApi } from '../../common/ipc/contract.ts';
import { createWebSocketVigilApi } from './websocket-vigil-api.ts';

let overWebSocket: VigilApi | undefined;

export function connectVigilApi(): VigilApi {
  const bridged = (globalThis as { vigil?: VigilApi }).vigil;
  if (bridged) return bridged;
  overWebSocket ??= createWebSocketVigilApi({ url: contractUrl(location) });
  return overWebSocket;
}

/** The contract socket of the server at `location`, same origin. */
export function contractUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/contract`;
}
