// What makes Vigil behave as a tray app: no Dock icon on macOS (LSUIElement does it for packaged builds, this
// for development runs), and on Windows the AppUserModelID of the installer, without which notifications are
// attributed to no app (or not shown at all).
export const appId = 'dev.vigil.app';

export interface ConventionsApp {
  setAppUserModelId(id: string): void;
  readonly dock?: { hide(): void } | undefined;
  on(event: 'window-all-closed', listener: () => void): unknown;
}

export function applyTrayAppConventions(app: ConventionsApp, platform: NodeJS.Platform): void {
  if (platform === 'win32') app.setAppUserModelId(appId);
  if (platform === 'darwin') app.dock?.hide();
  // The tray keeps running with no window open; without a listener Electron would quit here.
  app.on('window-all-closed', () => {});
}
