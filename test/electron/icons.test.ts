import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inflateSync, crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { levels } from '../../common/ipc/views.ts';
import { trayIconFile } from '../../main/electron/tray/tray-icons.ts';
import { trayIconFiles } from '../../build/generate-icons.ts';

const iconsDir = path.resolve(import.meta.dirname, '../../build/icons');

interface Png {
  width: number;
  height: number;
  pixels: Buffer;
}

/** Reads an 8-bit RGBA PNG, checking the signature and every chunk's CRC. */
function readPng(bytes: Buffer): Png {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let offset = 8;
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    expect(bytes.readUInt32BE(offset + 8 + length)).toBe(crc32(bytes.subarray(offset + 4, offset + 8 + length)));
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      expect([...body.subarray(8)]).toEqual([8, 6, 0, 0, 0]);
    }
    if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  return { width, height, pixels: inflateSync(Buffer.concat(data)) };
}

function readIco(bytes: Buffer): { size: number; png: Png }[] {
  expect(bytes.readUInt16LE(0)).toBe(0);
  expect(bytes.readUInt16LE(2)).toBe(1);
  return Array.from({ length: bytes.readUInt16LE(4) }, (_, index) => {
    const entry = 6 + 16 * index;
    const length = bytes.readUInt32LE(entry + 8);
    const start = bytes.readUInt32LE(entry + 12);
    return { size: bytes[entry] ?? -1, png: readPng(bytes.subarray(start, start + length)) };
  });
}

describe('the tray icons in build/icons', () => {
  it.each(levels)('has the %s icon for every platform, at 1x (16 px) and 2x (32 px)', (level) => {
    for (const platform of ['darwin', 'linux'] as const) {
      const file = trayIconFile(level, platform);
      expect(readPng(readFileSync(path.join(iconsDir, file)))).toMatchObject({ width: 16, height: 16 });
      expect(readPng(readFileSync(path.join(iconsDir, file.replace('.png', '@2x.png'))))).toMatchObject({ width: 32, height: 32 });
    }
    const ico = readIco(readFileSync(path.join(iconsDir, trayIconFile(level, 'win32'))));
    expect(ico.map(({ size, png }) => [size, png.width])).toEqual([[16, 16], [24, 24], [32, 32], [48, 48]]);
  });

  it('has macOS template images that are black with alpha only', () => {
    for (const level of levels) {
      const { pixels } = readPng(readFileSync(path.join(iconsDir, trayIconFile(level, 'darwin'))));
      for (let row = 0; row < 16; row++) {
        for (let x = 0; x < 16; x++) expect([...pixels.subarray(row * 65 + 1 + x * 4, row * 65 + 4 + x * 4)]).toEqual([0, 0, 0]);
      }
    }
  });

  it('are what the generator draws now (run `node build/generate-icons.ts` after changing it)', () => {
    for (const [name, bytes] of trayIconFiles()) {
      const committed = readFileSync(path.join(iconsDir, name));
      if (name.endsWith('.ico')) expect(readIco(committed)).toEqual(readIco(bytes));
      else expect(readPng(committed).pixels.equals(readPng(bytes).pixels)).toBe(true);
    }
  });

  it('gives each level a different shape, so the icons read without colour', () => {
    const shapes = levels.map((level) => readPng(readFileSync(path.join(iconsDir, trayIconFile(level, 'darwin')))).pixels.toString('hex'));
    expect(new Set(shapes).size).toBe(levels.length);
  });
});
