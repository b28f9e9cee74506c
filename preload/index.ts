// Preload bridge. It exposes only the typed IPC contract (to come with the desktop shell); for now, the
// versions the about box shows.
import { contextBridge } from 'electron';

contextBridge.exposeInMainWorld('vigilRuntime', {
  electron: process.versions.electron,
  chrome: process.versions.chrome,
});
