import { describe, expect, it } from 'vitest';
import { mainWindowOptions } from '../../main/electron/app/main-window-options.ts';
import { secureWebPreferences } from '../../main/electron/security/secure-web-preferences.ts';

describe('secureWebPreferences', () => {
  const preferences = secureWebPreferences('/app/out/preload/index.cjs');

  it('isolates the page from the preload and sandboxes its process', () => {
    expect(preferences.contextIsolation).toBe(true);
    expect(preferences.sandbox).toBe(true);
  });

  it('gives the page no way to Node: not in the page, its workers or its subframes', () => {
    expect(preferences.nodeIntegration).toBe(false);
    expect(preferences.nodeIntegrationInWorker).toBe(false);
    expect(preferences.nodeIntegrationInSubFrames).toBe(false);
  });

  it('keeps the same-origin policy and refuses insecure content, experiments, webviews and dropped-file navigation', () => {
    expect(preferences.webSecurity).toBe(true);
    expect(preferences.allowRunningInsecureContent).toBe(false);
    expect(preferences.experimentalFeatures).toBe(false);
    expect(preferences.webviewTag).toBe(false);
    expect(preferences.navigateOnDragDrop).toBe(false);
  });

  it('turns off the middle click, which would open a window past the window-open handler', () => {
    expect(preferences.disableBlinkFeatures?.split(',')).toContain('Auxclick');
  });

  it('loads the preload given, and passes the page nothing on its command line', () => {
    expect(preferences.preload).toBe('/app/out/preload/index.cjs');
    expect(preferences.additionalArguments).toBeUndefined();
  });

  it('is what the app window gets, hidden until painted', () => {
    const options = mainWindowOptions('/p.cjs');
    expect(options.webPreferences).toEqual(secureWebPreferences('/p.cjs'));
    expect(options.show).toBe(false);
  });
});
