// The one set of web preferences every Vigil window gets: the renderer is an untrusted web page that reaches
// the app only through the preload's contract bridge.
import type { WebPreferences } from 'electron';

export function secureWebPreferences(preload: string): WebPreferences {
  return {
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    spellcheck: false,
    navigateOnDragDrop: false,
    // A middle click would open a link in a new window without going through the window-open handler.
    disableBlinkFeatures: 'Auxclick',
    preload,
  };
}
