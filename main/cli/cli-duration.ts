// A stretch of time as the command line writes it: whole minutes, hours or days (`30m`, `24h`, `7d`), for
// `events --since` and `maintenance start --for`.

const unitMs = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** The milliseconds `30m`, `24h` or `7d` stands for; undefined for anything else. */
export function cliDurationMs(text: string): number | undefined {
  const match = /^(\d{1,6})([mhd])$/.exec(text.trim());
  return match === null ? undefined : Number(match[1]) * unitMs[match[2] as keyof typeof unitMs];
}

export const dayMs = unitMs.d;
