// Preload bridge (sandboxed, bundled to one file with the contract's names): exposes exactly the IPC contract as
// `window.vigil`, and hands main the links the person clicks that leave the app.
import { contextBridge, ipcRenderer } from 'electron';
import { clickedLinkChannel } from '../common/ipc/contract.ts';
import { exposeVigilApi } from './bridge.ts';
import { watchLinkClicks } from './link-clicks.ts';

exposeVigilApi(contextBridge, ipcRenderer);
watchLinkClicks(window, (url) => void ipcRenderer.invoke(clickedLinkChannel, url));
