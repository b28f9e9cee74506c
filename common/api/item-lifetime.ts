// The part of a history window an item existed in (pure). Time before an item was created is no part of its
// history: nobody could have watched it, so it is neither "not watched" nor counted, and a window longer than the
// item's life is summed, drawn and named from its creation ("since 13:38 (3 min)"). The service sums its stats this
// way (docs/api-decisions.md §14), and the client its uptime figures, timelines, charts and status bars, from the
// item's `created_at` where its server gives one; without one, the whole window stands.

export interface TimeSpan {
  /** Epoch ms. */
  from: number;
  to: number;
}

export interface LivedSpan extends TimeSpan {
  /** The item was created within the window: `from` is its creation, not the window's start. */
  sinceCreation: boolean;
}

/** The part of `window` from the item's creation on: all of it for an item older than the window. */
export function livedPart(window: TimeSpan, createdAt: number | undefined): LivedSpan {
  if (createdAt === undefined || !Number.isFinite(createdAt) || createdAt <= window.from) return { from: window.from, to: window.to, sinceCreation: false };
  // Created after the window's end (a clock ahead of ours): nothing of the window was lived.
  return { from: Math.min(createdAt, window.to), to: window.to, sinceCreation: true };
}

/**
 * How much of each of `count` equal slots of `window` the item lived through, in ms (oldest first): a slot before its
 * creation is 0, the slot it was created in only its part after. A status bar judges each slot on this share, so a
 * young item's last slot is not "not watched" for the minutes before it existed.
 */
export function livedSlotWidths(window: TimeSpan, count: number, createdAt: number | undefined, into?: Float64Array): Float64Array {
  // A hot path reuses its array: the service fills one per monitor of a 10,000-monitor answer.
  const widths = into?.length === Math.max(0, count) ? into : new Float64Array(Math.max(0, count));
  const width = (window.to - window.from) / Math.max(1, count);
  const lived = livedPart(window, createdAt);
  for (let slot = 0; slot < widths.length; slot++) {
    const start = window.from + slot * width;
    widths[slot] = Math.max(0, Math.min(start + width, window.to) - Math.max(start, lived.from));
  }
  return widths;
}

/** The first of `count` equal slots of `window` the item lived in (0 for an item older than the window). */
export function firstLivedSlot(window: TimeSpan, count: number, createdAt: number | undefined): number {
  const lived = livedPart(window, createdAt);
  if (!lived.sinceCreation || count <= 0 || window.to <= window.from) return 0;
  return Math.min(count - 1, Math.floor(((lived.from - window.from) / (window.to - window.from)) * count));
}

/** How an item's lived part of a window splits: up, down and in maintenance as observed, in ms. */
export interface ObservedShares {
  upMs: number;
  downMs: number;
  maintenanceMs: number;
}

/**
 * Uptime over the lived part of a window, the service's stats and the client's own figures alike: up ÷ (up + down),
 * undefined when nothing was observed; time in maintenance counts neither way; everything else it lived through — not
 * watched, status unknown — is `unknownMs`, and never counts as up.
 */
export function uptimeOver(lived: TimeSpan, { upMs, downMs, maintenanceMs }: ObservedShares): { uptime: number | undefined; unknownMs: number } {
  const observed = upMs + downMs;
  return { uptime: observed > 0 ? upMs / observed : undefined, unknownMs: Math.max(0, lived.to - lived.from - observed - maintenanceMs) };
}
