// Browser mode serves the renderer as `electron-vite build` builds it. When out/renderer has no build yet, or one
// older than the window's sources, only the renderer part of electron.vite.config.ts is built (the main and
// preload bundles are Electron's business). Build tooling belongs to the repository's scripts: the app itself
// (main/) only serves what was built.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The folder `vigil web` serves: the renderer's build output. */
export function rendererOutDir(repoRoot: string): string {
  return path.join(repoRoot, 'out', 'renderer');
}

/** The folders the window is built from. */
const rendererSources = ['renderer', 'common'];

/** Whether the build exists and is newer than every source file of the window (after a `git pull`, it may not be). */
export function isRendererCurrent(repoRoot: string, rendererDir: string): boolean {
  const index = path.join(rendererDir, 'index.html');
  if (!existsSync(index)) return false;
  const builtAt = statSync(index).mtimeMs;
  return rendererSources.every((folder) => newestChange(path.join(repoRoot, folder)) <= builtAt);
}

function newestChange(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Builds the renderer with electron.vite.config.ts (into `<outRoot>/renderer`, by default out/renderer). */
export async function buildRenderer(repoRoot: string, outRoot?: string): Promise<void> {
  // Build tooling, loaded only when a build is needed.
  const { resolveConfig } = await import('electron-vite');
  const { build } = await import('vite');
  const nodeEnv = process.env.NODE_ENV;
  try {
    const resolved = await resolveConfig({ root: repoRoot, logLevel: 'warn', ...(outRoot ? { build: { outDir: outRoot } } : {}) }, 'build', 'production');
    const renderer = resolved.config?.renderer;
    if (!renderer) throw new Error('electron.vite.config.ts has no renderer build.');
    await build(renderer);
  } finally {
    // electron-vite sets NODE_ENV for its build; the core that runs next in this process is not a build.
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/** The built window's folder, after building it when it is missing or older than its sources. */
export async function ensureRendererBuilt(repoRoot: string): Promise<string> {
  const rendererDir = rendererOutDir(repoRoot);
  if (!isRendererCurrent(repoRoot, rendererDir)) {
    process.stderr.write('Building the window (out/renderer), which is missing or older than its sources…\n');
    await buildRenderer(repoRoot);
  }
  return rendererDir;
}
