// Preload bridge (sandboxed, bundled to one file with the contract's names): exposes exactly the IPC contract as
// `window.vigil`.
import { contextBridge, ipcRenderer } from 'electron';
import { exposeVigilApi } from './bridge.ts';

exposeVigilApi(contextBridge, ipcRenderer);
