// Local mode's service under Electron: the embedded monitoring service in a `utilityProcess` (a Node process
// Electron manages, so no separate Node binary ships). Same interface as the plain-Node launcher in main/core;
// tokens and the test email are done in this process with the service's own code, as its CLI commands do them.
import type { Clock } from '../../../common/clock.ts';
import type { Logger } from '../../../common/logger.ts';
import type { LocalServiceLauncher, LocalServiceSecrets, RunningLocalService } from '../../core/app/local-service-launcher.ts';
import { defaultServiceExecArgv, serviceEnvironment } from '../../core/app/local-service-launcher.ts';
import { isLoopbackHost } from '../../core/api/token-safety.ts';
import { sendTestEmail } from '../../../service/alerts/test-email.ts';
import { issueToken } from '../../../service/auth/tokens.ts';
import { loadOrCreateSigningKey } from '../../../service/auth/signing-key.ts';
import { ensureDataDir } from '../../../service/data-dir.ts';
import { isServiceMessage, type MainToService } from './messages.ts';
import { dataDirArgument, localServiceProcessName } from './service-process.ts';

export interface UtilityChild {
  readonly stderr: NodeJS.ReadableStream | null;
  postMessage(message: MainToService): void;
  kill(): boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  on(event: 'error', listener: (type: string) => void): unknown;
}

export interface UtilityForkOptions {
  serviceName: string;
  stdio: ('ignore' | 'pipe')[];
  execArgv: string[];
  /** Carries the SMTP password (VIGIL_SMTP_PASSWORD): never argv, which other processes can read. */
  env: NodeJS.ProcessEnv;
}

export interface UtilityServiceLauncherOptions {
  /** Electron's utilityProcess.fork. */
  fork(modulePath: string, args: string[], options: UtilityForkOptions): UtilityChild;
  /** The bundled service entry (out/main/local-service.js). */
  entryPath: string;
  /** The service's data folder (database, signing key, config.json): userData/service. */
  dataDir: string;
  clock: Pick<Clock, 'setTimer' | 'clearTimer'>;
  logger: Logger;
  /** Mints a token with the data folder's signing key; the service's own by default. */
  mintToken?(dataDir: string, lifetimeSeconds: number): Promise<string>;
  /** Told every token minted, so the log can redact it. */
  onToken?(token: string): void;
  startTimeoutMs?: number;
  stopTimeoutMs?: number;
}

const defaultStartTimeoutMs = 20_000;
/** The service lets checks in flight finish and pending deliveries go before it exits (see local-service.ts). */
const defaultStopTimeoutMs = 25_000;

async function mintWithSigningKey(dataDir: string, lifetimeSeconds: number): Promise<string> {
  return issueToken(loadOrCreateSigningKey(ensureDataDir(dataDir)), Math.round(lifetimeSeconds));
}

/** The address must be on this machine: the token goes there over plain http. */
function isLocalApiUrl(apiUrl: string): boolean {
  try {
    const url = new URL(apiUrl);
    return url.protocol === 'http:' && isLoopbackHost(url.hostname);
  } catch {
    return false;
  }
}

/** The service's JSON log lines: its warnings and errors go to the app's log, info stays out of it. */
function forwardServiceLog(stream: NodeJS.ReadableStream | null, logger: Logger): void {
  if (stream === null) return;
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (line.trim() === '') continue;
      try {
        const { level, message } = JSON.parse(line) as { level?: unknown; message?: unknown };
        if (level === 'warn' || level === 'error') logger[level](`Local service: ${String(message)}`);
      } catch {
        logger.warn(`Local service: ${line.trim().slice(0, 500)}`);
      }
    }
  });
}

export function utilityServiceLauncher(options: UtilityServiceLauncherOptions): LocalServiceLauncher {
  const { clock, logger } = options;
  const mint = options.mintToken ?? mintWithSigningKey;

  function start(secrets: LocalServiceSecrets = {}): Promise<RunningLocalService> {
    const child = options.fork(options.entryPath, [`${dataDirArgument}${options.dataDir}`], {
      serviceName: localServiceProcessName,
      stdio: ['ignore', 'ignore', 'pipe'],
      execArgv: [...defaultServiceExecArgv],
      env: serviceEnvironment(process.env, secrets),
    });
    forwardServiceLog(child.stderr, logger);
    const exited = new Promise<number | string>((resolve) => {
      child.on('exit', (code) => resolve(code));
      // A V8 fatal error: 'exit' may never come.
      child.on('error', (type) => resolve(type));
    });
    let stopping: Promise<void> | undefined;
    const stop = () => {
      stopping ??= (async () => {
        try {
          child.postMessage({ type: 'stop' });
        } catch {
          // already gone
        }
        const killer = clock.setTimer(() => child.kill(), options.stopTimeoutMs ?? defaultStopTimeoutMs);
        await exited;
        clock.clearTimer(killer);
      })();
      return stopping;
    };

    return new Promise((resolve, reject) => {
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clock.clearTimer(timer);
        outcome();
      };
      const fail = (sentence: string) =>
        settle(() => {
          child.kill();
          reject(new Error(sentence));
        });
      const seconds = Math.round((options.startTimeoutMs ?? defaultStartTimeoutMs) / 1000);
      const timer = clock.setTimer(
        () => fail(`The local monitoring service did not start within ${seconds} seconds.`),
        options.startTimeoutMs ?? defaultStartTimeoutMs,
      );
      child.on('message', (message) => {
        if (!isServiceMessage(message)) return;
        if (message.type === 'failed') return fail(message.message);
        if (!isLocalApiUrl(message.apiUrl)) return fail('The local monitoring service reported an address that is not on this computer.');
        settle(() => resolve({ apiUrl: message.apiUrl, exited, stop }));
      });
      void exited.then((code) => fail(`The local monitoring service stopped before it was ready (exit ${code}).`));
    });
  }

  return {
    dataDir: options.dataDir,
    start,
    sendTestEmail: (to, secrets) => sendTestEmail({ dataDir: options.dataDir, to, password: secrets.smtpPassword, logger }),
    async issueToken(lifetimeSeconds) {
      try {
        const token = await mint(options.dataDir, lifetimeSeconds);
        options.onToken?.(token);
        return token;
      } catch (error) {
        const reason = error instanceof Error ? error.message.replace(/[.!]+$/, '') : String(error);
        throw new Error(`Could not get a token for the local monitoring service: ${reason}.`, { cause: error });
      }
    },
  };
}
