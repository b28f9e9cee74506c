// Electronegativity (Doyensec's Electron security linter) over the built main and preload, failing on any
// finding of medium severity or above. Its parser predates ES2022 class fields, so the built JavaScript is first
// down-levelled to ES2019 with TypeScript; a file it cannot parse would silently drop out of the scan.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';

// The renderer's index.html carries the CSP meta tag (the app:// protocol also sends it as a header).
const built = ['out/main', 'out/preload', 'out/renderer'];
// Always a fresh build: scanning a stale out/ would vouch for code that is no longer there.
const build = spawnSync('electron-vite', ['build', '--logLevel', 'warn'], { stdio: 'inherit', shell: process.platform === 'win32' });
if (build.status !== 0) process.exit(1);

const scanDir = mkdtempSync(path.join(tmpdir(), 'vigil-electronegativity-'));
for (const dir of built) {
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (file.endsWith('.html')) {
      mkdirSync(path.join(scanDir, dir), { recursive: true });
      writeFileSync(path.join(scanDir, dir, file), readFileSync(path.join(dir, file)));
      continue;
    }
    if (!/\.(c?js)$/.test(file) || dir === 'out/renderer') continue;
    const source = readFileSync(path.join(dir, file), 'utf8');
    const { outputText } = ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2019, module: ts.ModuleKind.ESNext, allowJs: true } });
    const target = path.join(scanDir, dir, file.replace(/\.cjs$/, '.js'));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, outputText);
  }
}

const report = path.join(scanDir, 'report.sarif');
const packageJson = createRequire(import.meta.url).resolve('@doyensec/electronegativity/package.json');
const cli = path.join(path.dirname(packageJson), (JSON.parse(readFileSync(packageJson, 'utf8')) as { bin: Record<string, string> }).bin.electronegativity ?? '');
const electronVersion = (JSON.parse(readFileSync(createRequire(import.meta.url).resolve('electron/package.json'), 'utf8')) as { version: string }).version;
// Two checks are left out, each for a reason:
// - OpenExternalJSCheck flags every shell.openExternal whose URL is not a literal; Vigil's one call (a link the
//   person clicked, main/electron/ipc/clicked-links.ts) goes through isSafeExternalUrl (https only, unit-tested in
//   test/electron), which a static check cannot follow.
// - AvailableSecurityFixesGlobalCheck downloads Electron's release list; offline it crashes the tool. Electron's
//   version is kept current by the dependency updates instead.
const excluded = ['OpenExternalJSCheck', 'AvailableSecurityFixesGlobalCheck'];
const run = spawnSync(
  process.execPath,
  ['--require', path.join(import.meta.dirname, 'electronegativity-offline.cjs'), cli, '-i', scanDir, '-s', 'medium', '-e', electronVersion, '-x', excluded.join(','), '-v', 'false', '-o', report],
  { encoding: 'utf8' },
);
const output = `${run.stdout}\n${run.stderr}`;
const parseErrors = output.split('\n').filter((line) => line.startsWith('Error parsing'));
const sarif = existsSync(report) ? (JSON.parse(readFileSync(report, 'utf8')) as { runs: { results: { ruleId: string; level: string }[] }[] }) : undefined;
const results = sarif?.runs.flatMap((r) => r.results) ?? [];
// SARIF levels: error = high, warning = medium, note = low or informational.
const findings = results.filter((r) => r.level === 'error' || r.level === 'warning');
for (const note of results.filter((r) => !findings.includes(r))) console.log(`Electronegativity (low, not failing): ${note.ruleId}`);
rmSync(scanDir, { recursive: true, force: true });

if (run.status !== 0 || !sarif || parseErrors.length > 0 || findings.length > 0) {
  for (const line of parseErrors) console.error(line);
  for (const finding of findings) console.error(`Electronegativity: ${finding.ruleId} (${finding.level})`);
  if (run.status !== 0 || !sarif) console.error(`Electronegativity failed (exit ${run.status}):\n${output.slice(-2000)}`);
  console.error(`Electronegativity: ${findings.length} finding(s) at medium or above, ${parseErrors.length} file(s) not parsed.`);
  process.exit(1);
}
console.log('Electronegativity: no findings at medium severity or above in the built main and preload.');
