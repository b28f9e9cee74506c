// The options of the app's one window (main-window.ts owns its life): hidden until its first paint, at the size
// the dashboard is designed for, with the secure web preferences.
import type { BrowserWindowConstructorOptions } from 'electron';
import { secureWebPreferences } from '../security/secure-web-preferences.ts';

export function mainWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 800,
    minWidth: 640,
    minHeight: 420,
    show: false,
    title: 'Vigil',
    webPreferences: secureWebPreferences(preloadPath),
  };
}
