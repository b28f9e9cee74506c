// `node scripts/build-node.ts`: the command line (scripts/vigil.ts: browser mode, the local service and
// every other command) as one bundle, out/cli/vigil.js with its chunks, built by Rolldown with the packages it uses,
// the way electron-vite bundles the app's main process. scripts/vigil.mjs runs it when the bundle is missing or older
// than its sources (builds.mjs). Why a bundle rather than the sources: a process that loads some 600 modules keeps
// each one's text, comments included, and Node's TypeScript stripper, for its whole life; the bundle, minified and
// with what is never called left out, costs the core and the service 6 and 15 MB less at rest (docs/client.md,
// "At rest"). Names are kept (no mangling), so a stack trace still says which function failed.
import { renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { rolldown } from 'rolldown';

/**
 * Loaded where they are installed, never bundled: a native module, the optional native helpers `ws` asks for, and
 * the build tooling that `vigil web` loads only to build the window.
 */
const notBundled = /^(@napi-rs\/keyring|bufferutil|utf-8-validate|electron|electron-vite|vite)(\/|$)/;

export async function buildNodeBundle(repoRoot: string, outDir = path.join(repoRoot, 'out', 'cli')): Promise<void> {
  // Written beside, then put in place: a command starting meanwhile finds the old bundle or the new, never half.
  const staging = `${outDir}.building-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  const bundle = await rolldown({ input: path.join(repoRoot, 'scripts', 'vigil.ts'), platform: 'node', external: (id) => notBundled.test(id), logLevel: 'warn' });
  try {
    await bundle.write({ dir: staging, format: 'esm', minify: { mangle: false, compress: true, codegen: true } });
  } finally {
    await bundle.close();
  }
  rmSync(outDir, { recursive: true, force: true });
  renameSync(staging, outDir);
}

if (import.meta.main) await buildNodeBundle(path.resolve(import.meta.dirname, '..'));
