// electron-builder `afterPack` hook: flips Vigil's Electron fuses in the packaged binary, after packing and
// before signing (so the signature covers the flipped binary). Loaded by electron-builder with `import()`, which
// Node 24 runs as TypeScript. What each fuse closes is in docs/releasing.md.
import path from 'node:path';
import { flipFuses, FuseV1Options, FuseVersion, type FuseConfig } from '@electron/fuses';

/** The fields of electron-builder's AfterPackContext this hook reads. */
export interface PackedApp {
  appOutDir: string;
  electronPlatformName: string;
  /** builder-util Arch: 0 ia32, 1 x64, 2 armv7l, 3 arm64, 4 universal. */
  arch: number;
  packager: { appInfo: { productFilename: string }; executableName?: string };
}

const arm64 = 3;
const universal = 4;

export function vigilFuses(resetAdHocDarwinSignature: boolean): FuseConfig {
  return {
    version: FuseVersion.V1,
    resetAdHocDarwinSignature,
    // The binary is never a plain Node: ELECTRON_RUN_AS_NODE is ignored.
    [FuseV1Options.RunAsNode]: false,
    // NODE_OPTIONS and --inspect cannot inject code or a debugger into the app.
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: false,
    // The app code is only loaded from app.asar, and its integrity is checked against the signed header hash.
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
    // Cookies (and other session data) are encrypted with an OS-protected key.
    [FuseV1Options.EnableCookieEncryption]: true,
    // The renderer is served from app://, so file:// needs no extra privileges.
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  };
}

/** The packed Electron binary (the .app bundle on macOS, which @electron/fuses looks into). */
export function electronBinaryPath(context: PackedApp): string {
  const { appOutDir, electronPlatformName, packager } = context;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas') {
    return path.join(appOutDir, `${packager.appInfo.productFilename}.app`);
  }
  if (electronPlatformName === 'win32') return path.join(appOutDir, `${packager.appInfo.productFilename}.exe`);
  return path.join(appOutDir, packager.executableName ?? packager.appInfo.productFilename.toLowerCase());
}

export async function afterPack(context: PackedApp): Promise<void> {
  const darwin = context.electronPlatformName === 'darwin' || context.electronPlatformName === 'mas';
  // Changing an arm64 binary invalidates its ad-hoc signature; without a new one macOS refuses to run it.
  const resetAdHoc = darwin && (context.arch === arm64 || context.arch === universal);
  await flipFuses(electronBinaryPath(context), vigilFuses(resetAdHoc));
}
