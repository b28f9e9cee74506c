// Preload bridge (sandboxed, bundled to one file): exposes exactly the IPC contract as `window.vigil`. The
// contract's names come from main through the process arguments (see main/electron/ipc/contract-arguments.ts).
import { contextBridge, ipcRenderer } from 'electron';
import { exposeVigilApi } from './bridge.ts';

if (!exposeVigilApi(contextBridge, ipcRenderer, process.argv)) {
  // Without the names there is no safe API to expose; the page shows that it cannot reach Vigil.
  console.error('Vigil: the window was opened without the contract arguments; nothing is exposed.');
}
