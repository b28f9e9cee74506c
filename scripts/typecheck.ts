// `npm run typecheck`: every layer is checked with its own tsconfig, so its `lib` and `types` apply
// (no DOM in main/, no Node types in renderer/ or common/).
import { runStep } from './run-step.ts';

const projects = ['common', 'service', 'main/core', 'main/cli', 'main/browser-mode', 'main/electron', 'preload', 'renderer', 'test', 'scripts', 'bench'];

// Two at a time, each in its own process: tsc is single-threaded, and the machines this runs on have two cores or more.
const queue = [...projects];
let failed = false;
async function checkNext(): Promise<void> {
  for (let project = queue.shift(); project !== undefined; project = queue.shift()) {
    const result = await runStep(`typecheck ${project}`, 'tsc', ['-p', project], 5 * 60_000, { output: 'held' });
    if (!result.ok) failed = true;
  }
}
await Promise.all([checkNext(), checkNext()]);
if (failed) {
  console.error('Type errors found (see above).');
  process.exit(1);
}
console.log(`Typecheck passed: ${projects.join(', ')}.`);
