// The history's time grid: epoch ms, UTC hours and days.
export const hourMs = 3_600_000;
export const dayMs = 86_400_000;

export const floorTo = (at: number, unitMs: number): number => Math.floor(at / unitMs) * unitMs;

export const isoTime = (at: number): string => new Date(at).toISOString();

/** "2026-11-01 14:00 UTC": a moment in a sentence (a certificate's end). */
export const utcMinute = (at: number): string => `${isoTime(at).slice(0, 16).replace('T', ' ')} UTC`;
