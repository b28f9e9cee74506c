// The one set of web preferences every Vigil window gets: the renderer is an untrusted web page that reaches
// the app only through the preload's contract bridge.
import type { WebPreferences } from 'electron';

export function secureWebPreferences(preload: string, additionalArguments?: readonly string[]): WebPreferences {
  const preferences: WebPreferences = {
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
    preload,
  };
  if (additionalArguments !== undefined) preferences.additionalArguments = [...additionalArguments];
  return preferences;
}
