// Browser mode serves the renderer as `electron-vite build` builds it. When out/renderer has no build yet, or one
// older than the window's sources (builds.mjs), only the renderer part of electron.vite.config.ts is built (the main
// and preload bundles are Electron's business). Build tooling belongs to the repository's scripts: the app itself
// (main/) only serves what was built. Run as a script (`node scripts/build-renderer.ts`), it builds out/renderer.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { isBuildCurrent, rendererBuild } from './builds.mjs';

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

/**
 * The built window's folder, after building it when it is missing or older than its sources. The build runs in a
 * process of its own: the bundler's native allocator keeps ~200 MB that the core, which lives on in the tray,
 * would otherwise hold for good.
 */
export async function ensureRendererBuilt(repoRoot: string): Promise<string> {
  if (!isBuildCurrent(repoRoot, rendererBuild)) {
    process.stderr.write('Building the window (out/renderer), which is missing or older than its sources…\n');
    // This script by its place in the repository: the code running here may be the Node bundle (out/cli).
    const build = spawn(process.execPath, [path.join(repoRoot, 'scripts', 'build-renderer.ts'), repoRoot], { stdio: ['ignore', 'inherit', 'inherit'] });
    const code = await new Promise<number | null>((resolve, reject) => build.once('error', reject).once('exit', resolve));
    if (code !== 0) throw new Error('The window could not be built (out/renderer); the build said why above.');
  }
  return rendererOutDir(repoRoot);
}

if (import.meta.main) await buildRenderer(process.argv[2] ?? path.resolve(import.meta.dirname, '..'));
