// The command line's entry: `npm run vigil`, browser mode (`npm start` here) and the local service's process. It
// runs the Node bundle (out/cli, scripts/build-node.ts), built first when it is missing or older than its sources:
// the commands in scripts/vigil.ts as one minified file, which costs each long-running process (the core, the
// service) a good part less memory than some 600 TypeScript modules would (docs/client.md, "At rest"). Plain
// JavaScript, so that nothing here loads Node's TypeScript stripper into the process.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, nodeBuild } from './builds.mjs';

const repoRoot = path.resolve(import.meta.dirname, '..');
try {
  ensureBuilt(repoRoot, nodeBuild);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
await import(pathToFileURL(path.join(repoRoot, nodeBuild.output)).href);
