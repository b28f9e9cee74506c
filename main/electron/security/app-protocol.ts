// The renderer is served from app://vigil/, a privileged standard scheme, instead of file://: it gets a real
// origin (so the IPC sender check and the CSP have something to compare with), and only files under the
// renderer's build folder can be read through it.
import path from 'node:path';

export const appScheme = 'app';
export const appHost = 'vigil';
export const appOrigin = `${appScheme}://${appHost}`;
export const appEntryUrl = `${appOrigin}/index.html`;

/** Sent with every response of the app protocol, errors included. */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Registered before the app is ready (Electron requires it then): standard + secure gives it an origin. */
export const appSchemePrivileges = {
  scheme: appScheme,
  privileges: { standard: true, secure: true, supportFetchAPI: true },
} as const;

/** Whether a URL is a page of the app itself. WHATWG URL gives non-special schemes the origin "null", so the
 * scheme and host are compared instead. */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${appScheme}:` && parsed.host === appHost && parsed.username === '' && parsed.password === '';
  } catch {
    return false;
  }
}

/** The file under `rootDir` an app:// URL names, or undefined when it names none (another host, `..`, `\`,
 * NUL, bad escapes). `/` is the entry page. */
export function resolveAppFile(rootDir: string, requestUrl: string): string | undefined {
  if (!isAppUrl(requestUrl)) return undefined;
  const { pathname } = new URL(requestUrl);
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const segments = decoded.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '.' || segment === '..' || /^[A-Za-z]:/.test(segment))) return undefined;
  const root = path.resolve(rootDir);
  const file = path.join(root, ...(segments.length === 0 ? ['index.html'] : segments));
  return file.startsWith(root + path.sep) ? file : undefined;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

function headers(contentType: string): Headers {
  return new Headers({
    'Content-Type': contentType,
    'Content-Security-Policy': contentSecurityPolicy,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-cache',
  });
}

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: headers('text/plain; charset=utf-8') });
}

export interface AppProtocolHandlerOptions {
  /** out/renderer: the built renderer. */
  rootDir: string;
  readFile(file: string): Promise<Uint8Array>;
}

/** The `protocol.handle('app', …)` handler: GET/HEAD of files under the renderer folder, nothing else. */
export function createAppProtocolHandler(options: AppProtocolHandlerOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Method not allowed');
    const file = resolveAppFile(options.rootDir, request.url);
    if (file === undefined) return plain(404, 'Not found');
    let body: Uint8Array;
    try {
      body = await options.readFile(file);
    } catch {
      return plain(404, 'Not found');
    }
    const type = contentTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers: headers(type) });
  };
}
