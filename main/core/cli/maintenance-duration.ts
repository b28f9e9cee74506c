// `vigil maintenance start --for 30m | 1h | 90m | 1d`: how long a window lasts, in whole minutes, hours or days as
// `events --since` counts. At most a year: a longer one is a typo, and --until-ended says "until someone ends it".
import { CliError } from '../../../common/cli/cli-error.ts';

const unitMs = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const longestMs = 365 * unitMs.d;

export function parseMaintenanceDuration(text: string): number {
  const match = /^(\d{1,6})([mhd])$/.exec(text.trim());
  const ms = match === null ? 0 : Number(match[1]) * unitMs[match[2] as keyof typeof unitMs];
  if (ms <= 0 || ms > longestMs) throw new CliError(`--for must be a duration like 30m, 1h, 2h or 1d (at most 365d), not "${text}"`);
  return ms;
}
