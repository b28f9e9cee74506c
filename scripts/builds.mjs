// What Vigil builds from a clone before it runs, whether a build is current, and building it when it is not: the
// window (out/renderer, by build-renderer.ts) and the Node bundle of the command line, browser mode and the local
// service (out/cli, by build-node.ts). Each output is current while it is newer than every file it is built from
// (after a `git pull` or an edit it may not be). A build runs in a process of its own: the bundler's native allocator
// keeps what it took (some 200 MB for the window) for the life of the process that ran it. Plain JavaScript:
// scripts/vigil.mjs asks before it loads any TypeScript.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** @typedef {import('./builds.d.mts').Build} Build */

/** @type {Build} */
export const rendererBuild = { what: 'the window', script: 'scripts/build-renderer.ts', output: 'out/renderer/index.html', sources: ['renderer', 'common'] };

/** Everything scripts/vigil.ts may load, and the packages (a new lock file: new packages). @type {Build} */
export const nodeBuild = {
  what: 'Vigil for Node',
  script: 'scripts/build-node.ts',
  output: 'out/cli/vigil.js',
  sources: ['scripts', 'main', 'service', 'common', 'package-lock.json'],
};

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

/**
 * Builds it (its script, in a child process) unless it is current, saying so on stderr; throws when the build fails.
 * @param {string} repoRoot
 * @param {Build} build
 */
export function ensureBuilt(repoRoot, build) {
  if (isBuildCurrent(repoRoot, build)) return;
  const folder = path.dirname(build.output);
  process.stderr.write(`Building ${build.what} (${folder}), which is missing or older than its sources…\n`);
  const run = spawnSync(process.execPath, [path.join(repoRoot, build.script)], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (run.status !== 0) throw new Error(`${build.what[0]?.toUpperCase()}${build.what.slice(1)} could not be built (${folder}); the build said why above.`);
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
