// What makes Vigil behave as a tray app: no Dock icon on macOS (LSUIElement does it for packaged builds, this
// for development runs), on Windows the AppUserModelID of the installer, without which notifications are
// attributed to no app (or not shown at all), and no application menu where none is needed.
export const appId = 'dev.vigil.app';

export interface ConventionsApp {
  setAppUserModelId(id: string): void;
  readonly dock?: { hide(): void } | undefined;
  on(event: 'window-all-closed', listener: () => void): unknown;
}

/** Menu.setApplicationMenu, only ever given null. */
export type MenuRemover = (menu: null) => void;

export function applyTrayAppConventions(app: ConventionsApp, platform: NodeJS.Platform, setApplicationMenu: MenuRemover): void {
  if (platform === 'win32') app.setAppUserModelId(appId);
  if (platform === 'darwin') app.dock?.hide();
  // On macOS Electron's default app menu carries the Edit shortcuts (copy, paste, select all in the window's
  // fields, which use them from the menu there) and shows only while the window is in front: it stays. On Windows
  // and Linux the window needs no menu bar (Chromium's fields handle those keys themselves), so none is built.
  if (platform !== 'darwin') setApplicationMenu(null);
  // The tray keeps running with no window open; without a listener Electron would quit here.
  app.on('window-all-closed', () => {});
}
