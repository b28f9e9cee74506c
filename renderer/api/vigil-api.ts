// The window's one handle on the app: set once at start (the preload bridge or the WebSocket), or by a test with
// a fake. Stores call through it; components never reach the transport directly.
import type { VigilApi } from '../../common/ipc/contract.ts';

let current: VigilApi | undefined;

export function setVigilApi(api: VigilApi): void {
  current = api;
}

export function vigil(): VigilApi {
  if (current === undefined) throw new Error('The Vigil API is not connected yet.');
  return current;
}
