// Draws Vigil's tray icons and app icon as PNGs (and Windows .ico containers around them) with no image library:
// a shape per level, coverage by 4×4 supersampling, PNG bytes through zlib. Run `node build/generate-icons.ts`
// after changing a shape; the output is committed. Each level has its own shape as well as its own colour, so
// the icons read without colour (macOS template images are black + alpha, recoloured by the menu bar).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { levels, type Level } from '../common/ipc/views.ts';

type Shape = (x: number, y: number) => boolean;

const distance = (x: number, y: number) => Math.hypot(x - 0.5, y - 0.5);
const side = (ax: number, ay: number, bx: number, by: number, x: number, y: number) => (bx - ax) * (y - ay) - (by - ay) * (x - ax);
const nearSegment = (x: number, y: number, ax: number, ay: number, bx: number, by: number, width: number) => {
  const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
  return Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay))) <= width;
};

/** Shapes in a unit square, y down. */
const shapes: Record<Level, Shape> = {
  ok: (x, y) => distance(x, y) <= 0.4,
  warning: (x, y) => {
    const [ax, ay, bx, by, cx, cy] = [0.5, 0.08, 0.95, 0.9, 0.05, 0.9];
    const d1 = side(ax, ay, bx, by, x, y);
    const d2 = side(bx, by, cx, cy, x, y);
    const d3 = side(cx, cy, ax, ay, x, y);
    return (d1 >= 0 && d2 >= 0 && d3 >= 0) || (d1 <= 0 && d2 <= 0 && d3 <= 0);
  },
  critical: (x, y) => Math.abs(x - 0.5) + Math.abs(y - 0.5) <= 0.47,
  unknown: (x, y) => distance(x, y) <= 0.42 && distance(x, y) >= 0.26,
  offline: (x, y) => (distance(x, y) <= 0.42 && distance(x, y) >= 0.28) || nearSegment(x, y, 0.2, 0.8, 0.8, 0.2, 0.07),
  paused: (x, y) => y >= 0.14 && y <= 0.86 && ((x >= 0.2 && x <= 0.42) || (x >= 0.58 && x <= 0.8)),
};

const colours: Record<Level, [number, number, number]> = {
  ok: [0x2e, 0x9e, 0x4f],
  warning: [0xe8, 0xa2, 0x00],
  critical: [0xd9, 0x30, 0x25],
  unknown: [0x8a, 0x8a, 0x8a],
  offline: [0x6b, 0x6b, 0x6b],
  paused: [0x3b, 0x78, 0xe7],
};

const samples = 4;

/** RGBA pixels of a shape in one colour, anti-aliased. */
function draw(shape: Shape, size: number, [r, g, b]: [number, number, number]): Uint8Array {
  const pixels = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let covered = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          if (shape((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size)) covered++;
        }
      }
      const offset = (py * size + px) * 4;
      pixels.set([r, g, b, Math.round((covered / (samples * samples)) * 255)], offset);
    }
  }
  return pixels;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(data.length, 0);
  header.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([header.subarray(4), data])), 0);
  return Buffer.concat([header, data, crc]);
}

/** An 8-bit RGBA PNG. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const rows = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; y++) {
    rows[y * (width * 4 + 1)] = 0; // filter: none
    rows.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // bit depth 8, colour type RGBA, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

/** A Windows .ico holding PNG images (supported since Windows Vista). */
export function encodeIco(images: { size: number; png: Uint8Array }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, index) => {
    const entry = 6 + 16 * index;
    header[entry] = size >= 256 ? 0 : size;
    header[entry + 1] = size >= 256 ? 0 : size;
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map(({ png }) => png)]);
}

export function trayIconPng(level: Level, size: number, template: boolean): Buffer {
  return encodePng(size, size, draw(shapes[level], size, template ? [0, 0, 0] : colours[level]));
}

/** The app icon: a green "ok" dot on a dark rounded square (electron-builder derives .icns/.ico from it). */
export function appIconPng(size = 1024): Buffer {
  const background: Shape = (x, y) => {
    const r = 0.2;
    const cx = Math.min(Math.max(x, r + 0.04), 0.96 - r);
    const cy = Math.min(Math.max(y, r + 0.04), 0.96 - r);
    return Math.hypot(x - cx, y - cy) <= r;
  };
  const pixels = draw(background, size, [0x1f, 0x24, 0x2b]);
  const dot = draw((x, y) => distance(x, y) <= 0.26, size, colours.ok);
  for (let i = 0; i < pixels.length; i += 4) {
    const alpha = (dot[i + 3] ?? 0) / 255;
    for (let c = 0; c < 3; c++) pixels[i + c] = Math.round((dot[i + c] ?? 0) * alpha + (pixels[i + c] ?? 0) * (1 - alpha));
  }
  return encodePng(size, size, pixels);
}

/** Every file under build/icons, by name: PNG 16 px with @2x (32 px), macOS templates likewise, Windows .ico. */
export function trayIconFiles(): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const level of levels) {
    files.set(`tray-${level}.png`, trayIconPng(level, 16, false));
    files.set(`tray-${level}@2x.png`, trayIconPng(level, 32, false));
    files.set(`tray-${level}Template.png`, trayIconPng(level, 16, true));
    files.set(`tray-${level}Template@2x.png`, trayIconPng(level, 32, true));
    files.set(`tray-${level}.ico`, encodeIco([16, 24, 32, 48].map((size) => ({ size, png: trayIconPng(level, size, false) }))));
  }
  return files;
}

if (import.meta.main) {
  const buildDir = import.meta.dirname;
  const iconsDir = path.join(buildDir, 'icons');
  mkdirSync(iconsDir, { recursive: true });
  for (const [name, bytes] of trayIconFiles()) writeFileSync(path.join(iconsDir, name), bytes);
  writeFileSync(path.join(buildDir, 'icon.png'), appIconPng());
  console.log(`Wrote ${trayIconFiles().size} tray icons to ${iconsDir} and the app icon to ${path.join(buildDir, 'icon.png')}.`);
}
