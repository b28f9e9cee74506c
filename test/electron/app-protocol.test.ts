import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  appEntryUrl,
  appSchemePrivileges,
  contentSecurityPolicy,
  createAppProtocolHandler,
  isAppUrl,
  resolveAppFile,
} from '../../main/electron/security/app-protocol.ts';

const root = path.resolve('/srv/vigil/out/renderer');

describe('the app:// protocol', () => {
  it('is a standard, secure scheme with the origin app://vigil', () => {
    expect(appSchemePrivileges).toEqual({ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } });
    expect(appEntryUrl).toBe('app://vigil/index.html');
    expect(isAppUrl(appEntryUrl)).toBe(true);
    expect(isAppUrl('app://vigil')).toBe(true);
  });

  it.each(['https://vigil/', 'app://vigil.evil.example/', 'app://evil/', 'app://user:pass@vigil/', 'file:///index.html', 'not a url', ''])(
    'does not take %j for the app',
    (url) => expect(isAppUrl(url)).toBe(false),
  );

  it.each([
    ['app://vigil/', 'index.html'],
    ['app://vigil/index.html', 'index.html'],
    ['app://vigil/assets/index-abc.js?v=1#x', 'assets/index-abc.js'],
    ['app://vigil/assets/a%20b.css', 'assets/a b.css'],
    ['app://vigil/a/./b.js', 'a/b.js'],
  ])('resolves %s inside the renderer folder', (url, file) => {
    expect(resolveAppFile(root, url)).toBe(path.join(root, file));
  });

  it.each(['app://vigil/../secret.txt', 'app://vigil/assets/../../secret.txt', 'app://vigil/%2e%2e/%2E%2E/secret.txt'])(
    'keeps %s inside the folder (URL parsing removes the dot segments)',
    (url) => {
      expect(resolveAppFile(root, url)).toBe(path.join(root, 'secret.txt'));
    },
  );

  it.each([
    'app://vigil/assets/%2E%2E%2F%2E%2E%2Fsecret.txt',
    'app://vigil/..%2f..%2fsecret.txt',
    'app://vigil/..%5c..%5csecret.txt',
    'app://vigil/assets%5c..%5c..%5csecret.txt',
    'app://vigil/C:/Windows/win.ini',
    'app://vigil/C%3A%5CWindows%5Cwin.ini',
    'app://vigil/index.html%00.png',
    'app://vigil/%E0%A4%A',
    'app://other/index.html',
    'https://vigil/index.html',
  ])('refuses %s', (url) => {
    expect(resolveAppFile(root, url)).toBeUndefined();
  });

  describe('the handler', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vigil-renderer-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Vigil</title>');
    writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(path.join(dir, '..', `${path.basename(dir)}-secret.txt`), 'secret');
    const handler = createAppProtocolHandler({ rootDir: dir, readFile: (file) => readFile(file) });

    it('serves the entry page with the strict CSP and its content type', async () => {
      const response = await handler(new Request('app://vigil/'));
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>Vigil</title>');
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      );
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it('serves scripts as JavaScript', async () => {
      const response = await handler(new Request('app://vigil/assets/app.js'));
      expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(await response.text()).toBe('console.log(1)');
    });

    it.each([
      ['a missing file', 'app://vigil/nope.js', 'GET', 404],
      ['a folder', 'app://vigil/assets', 'GET', 404],
      ['a file beside the folder', `app://vigil/..%2f${path.basename(dir)}-secret.txt`, 'GET', 404],
      ['a POST', 'app://vigil/index.html', 'POST', 405],
    ])('answers %s with %i, and the CSP still', async (_name, url, method, code) => {
      const response = await handler(new Request(url, { method }));
      expect(response.status).toBe(code);
      expect(await response.text()).not.toContain('secret');
      expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy);
    });

    it('answers HEAD without a body', async () => {
      const response = await handler(new Request('app://vigil/index.html', { method: 'HEAD' }));
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('');
    });
  });
});
