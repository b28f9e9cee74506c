// First step of `npm start` and `npm test`: makes a fresh clone ready. Plain JavaScript because it runs on
// whatever Node launched npm (possibly older than the project's Node 24, which this step installs).
//
//   node scripts/setup.mjs [--system] --then SCRIPT [ARGS…]
//
// installs the npm packages (and with --system the system packages the tests need), then runs SCRIPT with the
// project's Node 24. It runs SCRIPT itself because the shell that ran this step has already looked `node` up
// (and may have cached the older one) before node_modules/.bin existed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { platform } from 'node:process';

// What the test suite starts for real, and the Debian/Ubuntu package that provides it.
const systemNeeds = [
  { command: '/usr/bin/chromium', pkg: 'chromium', why: 'browser tests (Playwright drives Debian Chromium)' },
  { command: 'dbus-run-session', pkg: 'dbus', why: 'a private D-Bus session for the keychain tests' },
  { command: 'gnome-keyring-daemon', pkg: 'gnome-keyring', why: 'a real Secret Service keychain' },
  { command: 'ping', pkg: 'iputils-ping', why: 'the ping checks of the monitoring service' },
  { command: '/usr/bin/prometheus-alertmanager', pkg: 'prometheus-alertmanager', why: 'a real Alertmanager for the Alertmanager source' },
];

/** @param {string} message @returns {never} */
function fail(message) {
  console.error(`Set-up stopped: ${message}`);
  process.exit(1);
}

/** @param {string} command @param {string[]} args @param {import('node:child_process').SpawnSyncOptions} [options] */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) fail(`could not run ${command}: ${result.error.message}`);
  return result.status === 0;
}

/** @param {string} command */
function hasCommand(command) {
  if (command.startsWith('/')) return existsSync(command);
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function isDebianLike() {
  if (!existsSync('/etc/os-release')) return false;
  return /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(readFileSync('/etc/os-release', 'utf8'));
}

function ensureSystemPackages() {
  if (platform !== 'linux') return; // macOS and Windows have a native keychain; see README for a browser.
  const missing = systemNeeds.filter((need) => !hasCommand(need.command));
  if (missing.length === 0) return;
  const pkgs = [...new Set(missing.map((need) => need.pkg))];
  const needs = missing.map((need) => `${need.pkg} (${need.why})`).join(', ');
  if (!isDebianLike()) fail(`the tests need ${needs}; install them with your distribution's package manager.`);
  const asRoot = process.getuid?.() === 0;
  const sudo = !asRoot && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
  if (!asRoot && !sudo) fail(`the tests need ${needs}. Install them with: sudo apt-get install ${pkgs.join(' ')}`);
  console.log(`Installing system packages for the tests: ${pkgs.join(', ')}`);
  const prefix = asRoot ? [] : ['sudo', '-n'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const [cmd, ...rest] = [...prefix, 'apt-get'];
  if (!run(cmd, [...rest, 'update', '-qq'], { env })) fail('apt-get update failed (see above).');
  if (!run(cmd, [...rest, 'install', '-y', '-qq', '--no-install-recommends', ...pkgs], { env })) {
    fail(`apt-get install ${pkgs.join(' ')} failed (see above).`);
  }
}

function npmPackagesAreCurrent() {
  const installed = 'node_modules/.package-lock.json';
  if (!existsSync(installed) || !existsSync('node_modules/node/package.json')) return false;
  return statSync(installed).mtimeMs >= statSync('package-lock.json').mtimeMs;
}

function ensureNpmPackages() {
  if (npmPackagesAreCurrent()) return;
  const fresh = process.env.CI === 'true' || !existsSync('node_modules');
  console.log(fresh ? 'Installing npm packages (npm ci)…' : 'Updating npm packages (npm install)…');
  const npmCli = process.env.npm_execpath;
  const [command, prefix] = npmCli ? [process.execPath, [npmCli]] : ['npm', []];
  // npm itself may run on an older Node than the project's; its engine warnings about that are noise here.
  const args = [...prefix, fresh ? 'ci' : 'install', '--no-fund', '--no-audit', '--loglevel=error'];
  if (!run(command, args, { shell: !npmCli && platform === 'win32' })) fail('npm could not install the packages (see above).');
}

/**
 * Runs the next step on Node 24 from node_modules/.bin, which npm puts first on the PATH. Where this already runs on
 * it (every run but a fresh clone's first) and the system can, this process becomes the next step (`execve`), so no
 * parent is left waiting on it: the same process, its Ctrl-C and its exit code.
 */
/** @param {string} script @param {string[]} args */
function runWithProjectNode(script, args) {
  if (Number(process.versions.node.split('.')[0]) >= 24 && typeof process.execve === 'function' && platform !== 'win32') {
    process.execve(process.execPath, [process.execPath, script, ...args], process.env);
  }
  const shell = platform === 'win32';
  const version = spawnSync('node', ['-p', 'process.versions.node'], { encoding: 'utf8', shell }).stdout?.trim() ?? '';
  if (Number(version.split('.')[0]) < 24) {
    fail(`the project's Node 24 was not found on the PATH (found ${version || 'none'}); run this through npm (npm start, npm test).`);
  }
  const result = spawnSync('node', [script, ...args], { stdio: 'inherit', shell });
  process.exit(result.status ?? 1);
}

const argv = process.argv.slice(2);
const then = argv.indexOf('--then');
const script = then === -1 ? undefined : argv[then + 1];
if (script === undefined) fail('usage: node scripts/setup.mjs [--system] --then SCRIPT [ARGS…]');
if (argv.slice(0, then).includes('--system')) ensureSystemPackages();
ensureNpmPackages();
runWithProjectNode(script, argv.slice(then + 2));
