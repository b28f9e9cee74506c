// Whether a build Vigil runs from a clone is current (scripts/builds.mjs): the window, and the Node bundle.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isBuildCurrent, nodeBuild, rendererBuild } from '../../scripts/builds.mjs';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A repo with one source file in each of the window's folders, changed at `sourcesAt` (seconds). */
function repo(sourcesAt: number): { root: string; rendererDir: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'vigil-build-'));
  roots.push(root);
  for (const file of ['renderer/views/app.tsx', 'common/ipc/contract.ts']) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), 'x');
    utimesSync(path.join(root, file), sourcesAt, sourcesAt);
  }
  return { root, rendererDir: path.join(root, 'out', 'renderer') };
}

function build(rendererDir: string, at: number): void {
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html>');
  utimesSync(path.join(rendererDir, 'index.html'), at, at);
}

describe('isBuildCurrent, for the window', () => {
  it('wants a build when there is none', () => {
    const { root } = repo(1000);
    expect(isBuildCurrent(root, rendererBuild)).toBe(false);
  });

  it('is content with a build newer than every source', () => {
    const { root, rendererDir } = repo(1000);
    build(rendererDir, 2000);
    expect(isBuildCurrent(root, rendererBuild)).toBe(true);
  });

  it('wants a new build once a source changed after it (a pull, an edit)', () => {
    const { root, rendererDir } = repo(1000);
    build(rendererDir, 2000);
    utimesSync(path.join(root, 'common/ipc/contract.ts'), 3000, 3000);
    expect(isBuildCurrent(root, rendererBuild)).toBe(false);
  });
});

describe('isBuildCurrent, for the Node bundle', () => {
  it('wants a new bundle after a change to the service or to the lock file, not before', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'vigil-build-'));
    roots.push(root);
    const files = ['service/monitoring-service.ts', 'package-lock.json', 'out/cli/vigil.js'];
    for (const [i, file] of files.entries()) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), 'x');
      utimesSync(path.join(root, file), 1000 * (i + 1), 1000 * (i + 1));
    }
    expect(isBuildCurrent(root, nodeBuild)).toBe(true);
    utimesSync(path.join(root, 'package-lock.json'), 4000, 4000);
    expect(isBuildCurrent(root, nodeBuild)).toBe(false);
    utimesSync(path.join(root, 'out/cli/vigil.js'), 5000, 5000);
    utimesSync(path.join(root, 'service/monitoring-service.ts'), 6000, 6000);
    expect(isBuildCurrent(root, nodeBuild)).toBe(false);
  });
});
