// The app window's options: hidden until its first paint, the secure web preferences, and the contract's names
// for the preload (see ipc/contract-arguments.ts).
import type { BrowserWindowConstructorOptions } from 'electron';
import { contractArguments } from '../ipc/contract-arguments.ts';
import { secureWebPreferences } from '../security/secure-web-preferences.ts';

export function appWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 800,
    minWidth: 640,
    minHeight: 420,
    show: false,
    title: 'Vigil',
    autoHideMenuBar: true,
    webPreferences: secureWebPreferences(preloadPath, contractArguments()),
  };
}
