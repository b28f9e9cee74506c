// Test pages a spec file's tests share: one fixed HTML page served on loopback, for specs about Chromium itself
// rather than Vigil's window (which browser mode's web server serves: see dashboard/dashboard-fixture.ts), and the
// page built on renderer/transport, for specs about browser mode's web server.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { buildTransportTestPage } from '../helpers/web-server.ts';

/** Serves `html` at the returned `url` from before the file's first test until after its last. */
export function servePageForFile(html: string): { readonly url: string } {
  let server: Server | undefined;
  let url: string | undefined;
  test.beforeAll(async () => {
    const serving = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    });
    server = serving;
    await new Promise<void>((resolve) => serving.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(serving.address() as AddressInfo).port}/`;
  });
  test.afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });
  return {
    get url(): string {
      if (url === undefined) throw new Error('the page is served from before the first test: read its address inside a test');
      return url;
    },
  };
}

/**
 * Builds the transport test page (buildTransportTestPage) in a folder named `<prefix>…` before the file's later
 * `beforeAll` hooks, and removes the folder after its last test; `dir` is the folder to serve.
 */
export function transportTestPageForFile(prefix: string): { readonly dir: string } {
  let workDir: string | undefined;
  let dir: string | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    workDir = mkdtempSync(path.join(tmpdir(), prefix));
    dir = await buildTransportTestPage(workDir);
  });
  test.afterAll(() => {
    if (workDir !== undefined) rmSync(workDir, { recursive: true, force: true });
  });
  return {
    get dir(): string {
      if (dir === undefined) throw new Error('the page is built before the first hook: read its folder inside a hook or test');
      return dir;
    },
  };
}
