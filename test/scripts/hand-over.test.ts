// `npm start` and `npm test` leave no wrapper process behind (issue 23): the set-up step becomes the script it runs
// (`execve`), so the process npm started is the app itself, with the same exit code; start.ts hands over the same way.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const folder = mkdtempSync(path.join(tmpdir(), 'vigil-hand-over-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs `node scripts/setup.mjs --then SCRIPT` and answers what SCRIPT printed and the exit code npm would see. */
function throughSetup(script: string): Promise<{ pid: number | undefined; printed: string; code: number | null }> {
  const child = spawn(process.execPath, ['scripts/setup.mjs', '--then', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let printed = '';
  child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ pid: child.pid, printed, code })));
}

describe('the set-up step', () => {
  it('becomes the script it runs: the same process, its output and its exit code', async () => {
    const script = path.join(folder, 'app.ts');
    writeFileSync(script, "process.stdout.write(`${process.pid} ${process.argv.slice(2).join(' ')}`);\nprocess.exit(7);\n");
    const { pid, printed, code } = await throughSetup(script);
    expect(printed).toBe(`${pid} `);
    expect(code).toBe(7);
  });
});
