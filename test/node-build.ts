// Before the unit and integration tests: one build of the Node bundle (scripts/build-node.ts) from the sources as
// they are, for every test that runs Vigil's command line or service as a process: they run what `npm run vigil`
// and browser mode run, and start in a fraction of the time the sources take (no TypeScript to strip, one file).
// Two folders down in the repository, as out/cli is, so the bundle finds the repository as it does there.
import path from 'node:path';
import { buildNodeBundle } from '../scripts/build-node.ts';

export const testBundleDir = path.resolve(import.meta.dirname, '..', 'out', 'test-cli');

// eslint-disable-next-line no-restricted-exports -- vitest loads a globalSetup file through its default export
export default async function buildTestBundle(): Promise<void> {
  await buildNodeBundle(path.resolve(import.meta.dirname, '..'), testBundleDir);
}
