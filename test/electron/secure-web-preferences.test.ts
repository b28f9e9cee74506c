import { describe, expect, it } from 'vitest';
import { appWindowOptions } from '../../main/electron/app/app-window.ts';
import { contractArguments } from '../../main/electron/ipc/contract-arguments.ts';
import { secureWebPreferences } from '../../main/electron/security/secure-web-preferences.ts';

describe('secureWebPreferences', () => {
  it('isolates and sandboxes the page, with every Node and insecure switch off', () => {
    expect(secureWebPreferences('/app/out/preload/index.cjs')).toEqual({
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
      disableBlinkFeatures: 'Auxclick',
      preload: '/app/out/preload/index.cjs',
    });
  });

  it('passes additional arguments as a copy', () => {
    const args = ['--vigil-methods=getStatus'];
    const preferences = secureWebPreferences('/p.cjs', args);
    expect(preferences.additionalArguments).toEqual(args);
    args.push('--evil');
    expect(preferences.additionalArguments).toEqual(['--vigil-methods=getStatus']);
  });

  it('is what the app window gets, with the contract names for the preload, hidden until painted', () => {
    const options = appWindowOptions('/p.cjs');
    expect(options.webPreferences).toEqual(secureWebPreferences('/p.cjs', contractArguments()));
    expect(options.show).toBe(false);
  });
});
