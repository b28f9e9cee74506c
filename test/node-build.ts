// Before the tests (vitest's global setup, and Playwright's): the Node bundle (scripts/build-node.ts) built from the
// sources as they are, for every test that runs Vigil's command line or service as a process: they run what
// `npm run vigil` and browser mode run, and start in a fraction of the time the sources take (no TypeScript to
// strip, one file). Built only when older than its sources, so the second runner to start (npm test runs both side by
// side) finds it current and leaves it in place for the first. Two folders down in the repository, as out/cli is,
// so the bundle finds the repository as it does there.
import path from 'node:path';
import { buildNodeBundle } from '../scripts/build-node.ts';
import { isBuildCurrent, nodeBuild } from '../scripts/builds.mjs';

const repoRoot = path.resolve(import.meta.dirname, '..');
const testBuild = { ...nodeBuild, output: 'out/test-cli/vigil.js' };
export const testBundleDir = path.join(repoRoot, path.dirname(testBuild.output));

// eslint-disable-next-line no-restricted-exports -- vitest loads a globalSetup file through its default export
export default async function buildTestBundle(): Promise<void> {
  if (!isBuildCurrent(repoRoot, testBuild)) await buildNodeBundle(repoRoot, testBundleDir);
}
