// The built renderer's files, read from one folder and never from outside it: dot segments, encoded or not,
// and symbolic links that lead out are refused.
import { realpath, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

export type StaticAnswer =
  | { ok: true; body: Buffer; contentType: string; cacheControl: string }
  | { ok: false; status: 400 | 404; message: string };

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

const notFound = { ok: false, status: 404, message: 'Not found.' } as const;

/** `root` must already be a real path (see `realRoot`). `rawPath` is the request path as sent, before the query. */
export async function readStaticFile(root: string, rawPath: string): Promise<StaticAnswer> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { ok: false, status: 400, message: 'The path is not valid.' };
  }
  const segments = decoded.split('/').filter((segment) => segment !== '');
  if (decoded.includes('\0') || decoded.includes('\\') || segments.some((segment) => segment.startsWith('.'))) {
    return { ok: false, status: 400, message: 'The path is not valid.' };
  }
  const relative = segments.length === 0 ? 'index.html' : segments.join('/');
  let file: string;
  try {
    file = await realpath(path.join(root, relative));
    if (!file.startsWith(root + path.sep) || !(await stat(file)).isFile()) return notFound;
  } catch {
    return notFound;
  }
  const name = path.relative(root, file).split(path.sep).join('/');
  return {
    ok: true,
    body: await readFile(file),
    contentType: contentTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    // index.html names this build's assets; the assets themselves carry a content hash in their names.
    cacheControl: name === 'index.html' ? 'no-store' : name.startsWith('assets/') ? 'private, max-age=31536000, immutable' : 'no-cache',
  };
}

/** The renderer folder as a real path; fails in one sentence when the built renderer is not there. */
export async function realRoot(rendererDir: string): Promise<string> {
  try {
    const root = await realpath(rendererDir);
    if ((await stat(path.join(root, 'index.html'))).isFile()) return root;
  } catch {
    // reported below
  }
  throw new Error(`The built renderer is missing: ${path.join(rendererDir, 'index.html')} does not exist.`);
}
