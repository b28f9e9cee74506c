// What Vigil builds from a clone before it runs, and whether a build is current: the window (out/renderer, by
// build-renderer.ts) and the Node bundle of the command line, browser mode and the local service (out/cli, by
// build-node.ts). Each output is current while it is newer than every file it is built from (after a `git pull` or
// an edit it may not be). Plain JavaScript: scripts/vigil.mjs asks before it loads any TypeScript.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** @typedef {import('./builds.d.mts').Build} Build */

/** @type {Build} */
export const rendererBuild = { output: 'out/renderer/index.html', sources: ['renderer', 'common'] };

/** Everything scripts/vigil.ts may load, and the packages (a new lock file: new packages). @type {Build} */
export const nodeBuild = { output: 'out/cli/vigil.js', sources: ['scripts', 'main', 'service', 'common', 'package-lock.json'] };

/**
 * @param {string} repoRoot
 * @param {Build} build
 * @returns {boolean}
 */
export function isBuildCurrent(repoRoot, build) {
  const output = path.join(repoRoot, build.output);
  if (!existsSync(output)) return false;
  const builtAt = statSync(output).mtimeMs;
  return build.sources.every((source) => newestChange(path.join(repoRoot, source)) <= builtAt);
}

/** @param {string} source a file or a folder; @returns {number} */
function newestChange(source) {
  if (!existsSync(source)) return 0;
  if (!statSync(source).isDirectory()) return statSync(source).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(source, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}
