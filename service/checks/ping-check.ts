// ping check: one ICMP echo request through the system ping binary (no raw sockets, so no privileges).
import { execFile } from 'node:child_process';
import type { Clock } from '../../common/clock.ts';
import type { CheckResult } from './check-result.ts';
import { runWithDeadline } from './deadline.ts';
import { pingCommandLine, pingHost, type PingCommands } from './ping-command.ts';
import { describePingFailure, pingReplied } from './ping-output.ts';

export interface PingCheckSettings extends PingCommands {
  clock: Clock;
  timeoutMs: number;
  platform: NodeJS.Platform;
}

const pingNotAvailable = 'down: ping not available';

export function checkPing(target: string, settings: PingCheckSettings): Promise<CheckResult> {
  return runWithDeadline(settings.clock, settings.timeoutMs, (signal) => {
    const host = pingHost(target);
    if (host === undefined) return Promise.resolve(`invalid ping target "${target}"`);
    const { file, args } = pingCommandLine(host, settings.timeoutMs, settings.platform, settings);
    return new Promise<string | undefined>((resolve, reject) => {
      // The deadline's abort kills the child; SIGKILL because a ping that ignores SIGTERM must not linger.
      const options = { signal, killSignal: 'SIGKILL' as const, windowsHide: true, encoding: 'utf8' as const };
      execFile(file, args, options, (error, stdout, stderr) => {
        if (error === null) {
          resolve(pingReplied(stdout, host, settings.platform) ? undefined : describePingFailure(stdout, stderr));
        } else if (error.code === 'ENOENT' || error.code === 'EACCES') {
          resolve(pingNotAvailable);
        } else if (signal.aborted) {
          reject(error); // The deadline has already reported the timeout.
        } else {
          resolve(describePingFailure(stdout, stderr));
        }
      });
    });
  });
}
