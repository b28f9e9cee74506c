// The embedded monitoring service as local mode runs it: in its own process, since main/core may not import
// service/. This is the plain-Node launcher (a child process running `scripts/vigil.mjs`, and its `token` and
// `test-email` commands); the Electron shell supplies one over utilityProcess with the same interface.
import { execFile, spawn } from 'node:child_process';
import type { TestEmailView } from '../../../common/ipc/settings.ts';
import type { Logger } from '../../../common/logger.ts';

export interface RunningLocalService {
  /** Base URL with the API prefix, as the service printed it, e.g. `http://127.0.0.1:40123/api`. */
  readonly apiUrl: string;
  /** Resolves with the exit code (or the signal's name) once the process has ended, however it ended. */
  readonly exited: Promise<number | string>;
  /** Asks the service to shut down cleanly; resolves once its process is gone. */
  stop(): Promise<void>;
}

/** Secrets the service's process gets from the keychain, through its environment (never argv, never logged). */
export interface LocalServiceSecrets {
  /** Becomes VIGIL_SMTP_PASSWORD. */
  smtpPassword?: string | undefined;
}

export interface LocalServiceLauncher {
  /** The service's data dir; the core edits the `smtp` of its config.json. */
  readonly dataDir: string;
  /**
   * Starts the service on its usual loopback port (config.json's `port`, else 8731), or a free one while another
   * program holds it; rejects with one sentence when it cannot start.
   */
  start(secrets?: LocalServiceSecrets): Promise<RunningLocalService>;
  /** A JWT for the service's data dir, valid for `lifetimeSeconds`. */
  issueToken(lifetimeSeconds: number): Promise<string>;
  /** One test message through the data dir's SMTP server; what happened, in one sentence, either way. */
  sendTestEmail(to: string, secrets: LocalServiceSecrets): Promise<TestEmailView>;
}

/** The variable the service reads the SMTP password from (service/alerts/smtp-settings.ts; main/core cannot import it). */
const smtpPasswordVariable = 'VIGIL_SMTP_PASSWORD';

/** The environment for a service process: this one's, with the SMTP password set or, when there is none, unset. */
export function serviceEnvironment(base: NodeJS.ProcessEnv, secrets: LocalServiceSecrets): NodeJS.ProcessEnv {
  const { [smtpPasswordVariable]: _inherited, ...rest } = base;
  return secrets.smtpPassword === undefined ? rest : { ...rest, [smtpPasswordVariable]: secrets.smtpPassword };
}

export interface NodeLocalServiceOptions {
  /** The service's data dir (database, signing key, config.json). */
  dataDir: string;
  /** Absolute path to the command line's entry, `scripts/vigil.mjs`. */
  vigilScript: string;
  /** A Node 24 binary (type stripping); this process's by default. */
  nodePath?: string;
  /** The service's heap caps (see docs/service.md, "Memory"). */
  execArgv?: readonly string[];
  /** Where the service's own warnings and errors go. */
  logger?: Logger;
  startTimeoutMs?: number;
  /** How long a clean shutdown may take before the process is killed. */
  stopTimeoutMs?: number;
}

/** The node launcher also tells the process id (tests and diagnostics). */
export interface NodeRunningLocalService extends RunningLocalService {
  readonly pid: number | undefined;
}

export interface NodeLocalServiceLauncher extends LocalServiceLauncher {
  start(secrets?: LocalServiceSecrets): Promise<NodeRunningLocalService>;
}

export const defaultServiceExecArgv = ['--max-semi-space-size=8', '--max-old-space-size=192'] as const;

const defaultStartTimeoutMs = 20_000;
/** The service lets checks in flight finish (15 s) and pending deliveries go (5 s) before it exits. */
const defaultStopTimeoutMs = 25_000;
const tokenTimeoutMs = 20_000;
/** The command gives up after 30 s itself; this is for a process that hangs before it gets that far. */
const testEmailTimeoutMs = 40_000;
const stderrTailChars = 4096;

export function nodeLocalServiceLauncher(options: NodeLocalServiceOptions): NodeLocalServiceLauncher {
  const nodePath = options.nodePath ?? process.execPath;
  const execArgv = options.execArgv ?? defaultServiceExecArgv;
  const command = (args: string[]) => [...execArgv, options.vigilScript, ...args, '--data-dir', options.dataDir];
  return {
    dataDir: options.dataDir,
    start: (secrets = {}) =>
      startProcess(nodePath, command(['service']), {
        env: serviceEnvironment(process.env, secrets),
        logger: options.logger,
        startTimeoutMs: options.startTimeoutMs ?? defaultStartTimeoutMs,
        stopTimeoutMs: options.stopTimeoutMs ?? defaultStopTimeoutMs,
      }),
    issueToken: (lifetimeSeconds) => runTokenCommand(nodePath, command(['token', '--expires-in', `${Math.round(lifetimeSeconds)}s`])),
    // `--to=` keeps an address that starts with "-" a value.
    sendTestEmail: (to, secrets) => runTestEmailCommand(nodePath, command(['test-email', `--to=${to}`]), serviceEnvironment(process.env, secrets)),
  };
}

interface ProcessOptions {
  env: NodeJS.ProcessEnv;
  logger: Logger | undefined;
  startTimeoutMs: number;
  stopTimeoutMs: number;
}

function startProcess(nodePath: string, args: string[], options: ProcessOptions): Promise<NodeRunningLocalService> {
  const child = spawn(nodePath, args, { env: options.env, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
  let stderrTail = '';
  let pendingLine = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-stderrTailChars);
    const lines = (pendingLine + chunk).split('\n');
    pendingLine = lines.pop() ?? '';
    for (const line of lines) forwardLogLine(line, options.logger);
  });
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1));
    // Spawning failed (no such binary): there will be no 'exit'.
    child.once('error', () => resolve(-1));
  });
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), options.stopTimeoutMs);
    await exited;
    clearTimeout(killer);
  };

  return new Promise((resolve, reject) => {
    let stdout = '';
    const fail = (sentence: string) => {
      cleanup();
      child.kill('SIGKILL');
      reject(new Error(sentence));
    };
    const timer = setTimeout(() => {
      const seconds = Math.round(options.startTimeoutMs / 1000);
      fail(`The local monitoring service did not start within ${seconds} second${seconds === 1 ? '' : 's'}${reasonFrom(stderrTail)}.`);
    }, options.startTimeoutMs);
    const onData = (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const newline = stdout.indexOf('\n');
      if (newline === -1) return;
      const apiUrl = stdout.slice(0, newline).trim();
      if (!/^http:\/\/\S+$/.test(apiUrl)) return fail(`The local monitoring service printed "${apiUrl.slice(0, 100)}" instead of its address.`);
      cleanup();
      // Nothing else is read from stdout; keep draining it so the process never blocks on a full pipe.
      child.stdout.resume();
      resolve({ apiUrl, exited, stop, pid: child.pid });
    };
    const onEarlyExit = (code: number | string) => {
      if (spawnError !== undefined) return fail(`The local monitoring service could not be run with ${nodePath}: ${spawnError.message}.`);
      fail(`The local monitoring service stopped before it was ready (exit ${code})${reasonFrom(stderrTail)}.`);
    };
    let settled = false;
    const cleanup = () => {
      settled = true;
      clearTimeout(timer);
      child.stdout.off('data', onData);
    };
    child.stdout.on('data', onData);
    void exited.then((code) => {
      if (!settled) onEarlyExit(code);
    });
  });
}

/** The service's log lines are JSON; its warnings and errors go to the app's log, info stays out of it. */
function forwardLogLine(line: string, logger: Logger | undefined): void {
  if (logger === undefined || line.trim() === '') return;
  let entry: unknown;
  try {
    entry = JSON.parse(line);
  } catch {
    logger.warn(`Local service: ${line.trim().slice(0, 500)}`);
    return;
  }
  if (typeof entry !== 'object' || entry === null) return;
  const { level, message, time: _time, ...fields } = entry as Record<string, unknown>;
  if (level !== 'warn' && level !== 'error') return;
  logger[level](`Local service: ${String(message)}`, fields);
}

function lastLine(text: string): string | undefined {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .at(-1);
}

/** ": <the last line the process wrote to stderr>", or nothing. */
function reasonFrom(stderr: string): string {
  const last = lastLine(stderr);
  if (last === undefined) return '';
  let text = last;
  try {
    const entry = JSON.parse(last) as { message?: unknown };
    if (typeof entry.message === 'string') text = entry.message;
  } catch {
    // a plain sentence, as the CLI prints its errors
  }
  return `: ${text.replace(/[.!]+$/, '').slice(0, 300)}`;
}

function runTokenCommand(nodePath: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(nodePath, args, { timeout: tokenTimeoutMs, encoding: 'utf8', windowsHide: true }, (error, stdout, stderr) => {
      const token = stdout.trim();
      if (error === null && /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) return resolve(token);
      const why = error?.killed ? ': it did not answer within 20 seconds' : reasonFrom(stderr) || (error ? `: ${error.message}` : ': it printed no token');
      reject(new Error(`Could not get a token from the local monitoring service${why.replace(/[.!]+$/, '')}.`));
    });
  });
}

/** The command prints one sentence either way: on stdout when the server took the message, else on stderr. */
function runTestEmailCommand(nodePath: string, args: string[], env: NodeJS.ProcessEnv): Promise<TestEmailView> {
  return new Promise((resolve) => {
    execFile(nodePath, args, { env, timeout: testEmailTimeoutMs, encoding: 'utf8', windowsHide: true }, (error, stdout, stderr) => {
      if (error === null) return resolve({ ok: true, message: stdout.trim() });
      if (error.killed) {
        return resolve({ ok: false, message: `Vigil cannot tell whether the test email was sent: the command did not finish within ${testEmailTimeoutMs / 1000} seconds.` });
      }
      resolve({ ok: false, message: lastLine(stderr) ?? `The test email could not be sent: ${error.message.replace(/\s+/g, ' ').replace(/[.!]+$/, '')}.` });
    });
  });
}
