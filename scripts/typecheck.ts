// `npm run typecheck`: every layer is checked with its own tsconfig, so its `lib` and `types` apply
// (no DOM in main/, no Node types in renderer/ or common/).
import { runStep } from './run-step.ts';

const projects = ['common', 'service', 'main/core', 'main/browser-mode', 'main/electron', 'preload', 'renderer', 'test', 'scripts', 'bench'];

let failed = false;
for (const project of projects) {
  const result = await runStep(`typecheck ${project}`, 'tsc', ['-p', project], 5 * 60_000);
  if (!result.ok) failed = true;
}
if (failed) {
  console.error('Type errors found (see above).');
  process.exit(1);
}
console.log(`Typecheck passed: ${projects.join(', ')}.`);
