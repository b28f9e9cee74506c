import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { describe, expect, it } from 'vitest';
import { afterPack, electronBinaryPath, vigilFuses, type PackedApp } from '../../scripts/after-pack.ts';

const sentinel = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

/** A stand-in Electron binary: some bytes, the fuse sentinel, wire version 1, nine fuses in their default states. */
function fakeElectronBinary(dir: string, name: string): string {
  const defaults = [1, 1, 1, 1, 0, 0, 0, 1, 1].map((on) => (on ? FuseState.ENABLE : FuseState.DISABLE));
  const file = path.join(dir, name);
  writeFileSync(file, Buffer.concat([Buffer.alloc(4096, 7), Buffer.from(sentinel), Buffer.from([1, defaults.length, ...defaults]), Buffer.alloc(4096, 7)]));
  return file;
}

function packed(platform: string, appOutDir: string, arch = 1): PackedApp {
  return { appOutDir, electronPlatformName: platform, arch, packager: { appInfo: { productFilename: 'Vigil' }, executableName: 'vigil' } };
}

describe('the afterPack fuses hook', () => {
  it('finds the packed binary on each platform', () => {
    expect(electronBinaryPath(packed('darwin', '/out/mac-universal'))).toBe(path.join('/out/mac-universal', 'Vigil.app'));
    expect(electronBinaryPath(packed('win32', '/out/win-unpacked'))).toBe(path.join('/out/win-unpacked', 'Vigil.exe'));
    expect(electronBinaryPath(packed('linux', '/out/linux-unpacked'))).toBe(path.join('/out/linux-unpacked', 'vigil'));
  });

  it('asks for a fresh ad-hoc signature only for arm64 (and universal) macOS builds', () => {
    expect(vigilFuses(true).resetAdHocDarwinSignature).toBe(true);
    expect(vigilFuses(false).resetAdHocDarwinSignature).toBe(false);
  });

  it.each(['linux', 'win32'])('flips the fuses in a %s binary', async (platform) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vigil-fuses-'));
    fakeElectronBinary(dir, platform === 'win32' ? 'Vigil.exe' : 'vigil');
    await afterPack(packed(platform, dir));
    const wire = await getCurrentFuseWire(electronBinaryPath(packed(platform, dir)));
    expect({
      runAsNode: wire[FuseV1Options.RunAsNode],
      nodeOptions: wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable],
      inspect: wire[FuseV1Options.EnableNodeCliInspectArguments],
      asarIntegrity: wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation],
      onlyAsar: wire[FuseV1Options.OnlyLoadAppFromAsar],
      cookieEncryption: wire[FuseV1Options.EnableCookieEncryption],
      fileProtocolPrivileges: wire[FuseV1Options.GrantFileProtocolExtraPrivileges],
    }).toEqual({
      runAsNode: FuseState.DISABLE,
      nodeOptions: FuseState.DISABLE,
      inspect: FuseState.DISABLE,
      asarIntegrity: FuseState.ENABLE,
      onlyAsar: FuseState.ENABLE,
      cookieEncryption: FuseState.ENABLE,
      fileProtocolPrivileges: FuseState.DISABLE,
    });
    // A fuse Vigil does not set keeps Electron's default.
    expect(wire[FuseV1Options.WasmTrapHandlers]).toBe(FuseState.ENABLE);
  });
});
