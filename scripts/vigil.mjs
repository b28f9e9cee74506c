// The command line's entry: `npm run vigil`, browser mode (`npm start` here) and the local service's process. It
// runs the Node bundle (out/cli, scripts/build-node.ts), built first when it is missing or older than its sources:
// the commands in scripts/vigil.ts as one minified file, which costs each long-running process (the core, the
// service) a good part less memory than some 600 TypeScript modules would (docs/client.md, "At rest"). Plain
// JavaScript, so that nothing here loads Node's TypeScript stripper into the process.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isBuildCurrent, nodeBuild } from './builds.mjs';

const repoRoot = path.resolve(import.meta.dirname, '..');
if (!isBuildCurrent(repoRoot, nodeBuild)) {
  process.stderr.write('Building Vigil for Node (out/cli), which is missing or older than its sources…\n');
  const build = spawnSync(process.execPath, [path.join(import.meta.dirname, 'build-node.ts')], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (build.status !== 0) {
    process.stderr.write('Vigil could not be built (out/cli); the build said why above.\n');
    process.exit(build.status ?? 1);
  }
}
await import(pathToFileURL(path.join(repoRoot, nodeBuild.output)).href);
