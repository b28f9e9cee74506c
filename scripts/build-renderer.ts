// Browser mode serves the renderer as `electron-vite build` builds it. When out/renderer has no build yet, or one
// older than the window's sources (builds.mjs), only the renderer part of electron.vite.config.ts is built (the main
// and preload bundles are Electron's business). Build tooling belongs to the repository's scripts: the app itself
// (main/) only serves what was built. Run as a script (`node scripts/build-renderer.ts`), it builds out/renderer.
import path from 'node:path';
import { ensureBuilt, rendererBuild } from './builds.mjs';

/** The folder `vigil web` serves: the renderer's build output. */
export function rendererOutDir(repoRoot: string): string {
  return path.join(repoRoot, 'out', 'renderer');
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

/** The built window's folder, after building it when it is missing or older than its sources (builds.mjs). */
export async function ensureRendererBuilt(repoRoot: string): Promise<string> {
  ensureBuilt(repoRoot, rendererBuild);
  return rendererOutDir(repoRoot);
}

if (import.meta.main) await buildRenderer(path.resolve(import.meta.dirname, '..'));
