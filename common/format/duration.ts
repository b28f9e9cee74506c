// Durations as people say them, in one formatter for the whole app: the tray, notifications, error messages and
// the window. Every caller passes milliseconds and picks how precise the words are:
//
//   exact    every unit down to seconds: a period the user chose ("1 h 30 min", "1 min 30 s", "2 d")
//   elapsed  the two largest units, rounded down, seconds only under a minute: how long something has lasted,
//            never more than it was ("45 s", "5 min", "2 h 5 min", "3 d 4 h")
//   wait     the two largest units up to hours, rounded to the nearest: a timeout or a server's Retry-After
//            ("300 ms", "15 s", "1 min 30 s", "24 h")

const millisecond = { name: 'ms', ms: 1 } as const;
const units = [{ name: 'd', ms: 86_400_000 }, { name: 'h', ms: 3_600_000 }, { name: 'min', ms: 60_000 }, { name: 's', ms: 1000 }, millisecond] as const;

type UnitName = (typeof units)[number]['name'];

interface Precision {
  /** How many units at most: "2 h 5 min" is two. */
  parts: number;
  /** The largest unit written: with 'h', a day reads "24 h". */
  largest: UnitName;
  /** The smallest unit written beside a larger one; a shorter duration alone uses the next unit down ("45 s"). */
  smallest: UnitName;
  /** The last unit written is rounded down (time passed) or to the nearest (time to wait). */
  rounding: 'down' | 'nearest';
}

const precisions = {
  exact: { parts: units.length, largest: 'd', smallest: 's', rounding: 'down' },
  elapsed: { parts: 2, largest: 'd', smallest: 'min', rounding: 'down' },
  wait: { parts: 2, largest: 'h', smallest: 's', rounding: 'nearest' },
} as const satisfies Record<string, Precision>;

export type DurationPrecision = keyof typeof precisions;

const indexOf = (name: UnitName) => units.findIndex((unit) => unit.name === name);

export function formatDuration(ms: number, precision: DurationPrecision = 'elapsed'): string {
  const chosen: Precision = precisions[precision];
  const value = Math.max(0, ms);
  if (value === 0) return '0 s';
  const first = spanOf(value, chosen);
  const step = unitAt(first.last).ms;
  const rounded = (chosen.rounding === 'nearest' ? Math.round(value / step) : Math.floor(value / step)) * step;
  // Rounding up may reach the next unit (59.7 s is "1 min"), so the units are picked again for the rounded value.
  const { lead, last } = rounded > 0 ? spanOf(rounded, chosen) : first;
  let rest = rounded;
  const words: string[] = [];
  for (let index = lead; index <= last; index++) {
    const unit = unitAt(index);
    const amount = Math.floor(rest / unit.ms);
    rest -= amount * unit.ms;
    if (amount > 0) words.push(`${amount} ${unit.name}`);
  }
  return words.length > 0 ? words.join(' ') : `0 ${unitAt(last).name}`;
}

/**
 * The least duration above `ms` at which `formatDuration(…, 'elapsed')` may read otherwise: words about time passed
 * ("last ping 40 s ago") hold until then, so a view written with them can be kept that long.
 */
export function nextElapsedChange(ms: number): number {
  const value = Math.max(0, ms);
  const step = unitAt(spanOf(value, precisions.elapsed).last).ms;
  return (Math.floor(value / step) + 1) * step;
}

/** The first and last units written for a duration. */
function spanOf(value: number, { parts, largest, smallest }: Precision): { lead: number; last: number } {
  const [top, bottom] = [indexOf(largest), indexOf(smallest)];
  const lead = units.findIndex((unit, index) => index >= top && index <= bottom && value >= unit.ms);
  // Shorter than the smallest unit: the unit below it, alone ("45 s", "300 ms").
  if (lead === -1) return { lead: Math.min(bottom + 1, units.length - 1), last: Math.min(bottom + 1, units.length - 1) };
  return { lead, last: Math.min(lead + parts - 1, bottom) };
}

function unitAt(index: number): (typeof units)[number] {
  return units[index] ?? millisecond;
}

/** A unit a person types or reads a length of time in, spelled out: "5 minutes", not "5 min". */
export interface DurationUnit {
  id: 'seconds' | 'minutes' | 'hours' | 'days';
  /** "minute", beside an amount of one. */
  one: string;
  /** "minutes", beside any other amount. */
  many: string;
  seconds: number;
}

export const DURATION_UNITS: readonly DurationUnit[] = [
  { id: 'seconds', one: 'second', many: 'seconds', seconds: 1 },
  { id: 'minutes', one: 'minute', many: 'minutes', seconds: 60 },
  { id: 'hours', one: 'hour', many: 'hours', seconds: 3600 },
  { id: 'days', one: 'day', many: 'days', seconds: 86_400 },
];

/** The largest unit that expresses `seconds` exactly: 300 → 5 minutes, 90 → 90 seconds. */
export function durationParts(seconds: number): { amount: number; unit: DurationUnit['id'] } {
  for (const unit of [...DURATION_UNITS].reverse()) {
    if (seconds >= unit.seconds && seconds % unit.seconds === 0) return { amount: seconds / unit.seconds, unit: unit.id };
  }
  return { amount: seconds, unit: 'seconds' };
}

/** "10 seconds", "1 hour", "366 days": a bound or a setting in words, in the largest unit that says it exactly. */
export function durationInWords(seconds: number): string {
  const { amount, unit } = durationParts(seconds);
  const names = DURATION_UNITS.find((candidate) => candidate.id === unit) ?? DURATION_UNITS[0];
  return `${amount.toLocaleString('en')} ${amount === 1 ? names?.one : names?.many}`;
}
