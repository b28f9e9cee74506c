// Before the browser tests: one production build of the renderer for every worker to serve, so the tests drive
// the window exactly as it ships (not a stale out/ from an earlier build), and the Node bundle the tests run the
// service and the command line from (test/node-build.ts).
import path from 'node:path';
import { buildRenderer } from '../../scripts/build-renderer.ts';
import buildTestBundle from '../node-build.ts';

export const builtRendererDir = path.resolve('test-results', 'renderer-build', 'renderer');

// eslint-disable-next-line no-restricted-exports -- Playwright loads a globalSetup file through its default export
export default async function globalSetup(): Promise<void> {
  await Promise.all([buildRenderer(path.resolve('.'), path.dirname(builtRendererDir)), buildTestBundle()]);
}
