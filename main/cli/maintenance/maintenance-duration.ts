// `vigil maintenance start --for 30m | 1h | 90m | 1d`: how long a window lasts, in whole minutes, hours or days as
// `events --since` counts. At most a year: a longer one is a typo, and --until-ended says "until someone ends it".
import { CliError } from '../../../common/cli/cli-error.ts';
import { cliDurationMs, dayMs } from '../cli-duration.ts';

const longestMs = 365 * dayMs;

export function parseMaintenanceDuration(text: string): number {
  const ms = cliDurationMs(text) ?? 0;
  if (ms <= 0 || ms > longestMs) throw new CliError(`--for must be a duration like 30m, 1h, 2h or 1d (at most 365d), not "${text}"`);
  return ms;
}
