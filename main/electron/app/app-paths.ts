// Where the built pieces are at run time. electron-vite puts main in out/main, the preload in out/preload and
// the renderer in out/renderer; the tray icons are copied next to the app's resources by electron-builder
// (extraResources) and read from build/icons in development.
import path from 'node:path';

export interface AppPathsInput {
  /** The folder of the bundled main script (out/main). */
  mainDir: string;
  isPackaged: boolean;
  /** app.getAppPath(): the project root in development. */
  appPath: string;
  /** process.resourcesPath in a packaged app. */
  resourcesPath: string;
}

export interface AppPaths {
  preload: string;
  rendererDir: string;
  serviceEntry: string;
  iconsDir: string;
}

export function appPaths(input: AppPathsInput): AppPaths {
  return {
    preload: path.join(input.mainDir, '..', 'preload', 'index.cjs'),
    rendererDir: path.join(input.mainDir, '..', 'renderer'),
    serviceEntry: path.join(input.mainDir, 'local-service.js'),
    iconsDir: input.isPackaged ? path.join(input.resourcesPath, 'icons') : path.join(input.appPath, 'build', 'icons'),
  };
}
