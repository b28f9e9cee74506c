// The history's time grid: epoch ms, UTC hours and days.
export const hourMs = 3_600_000;
export const dayMs = 86_400_000;

export const floorTo = (at: number, unitMs: number): number => Math.floor(at / unitMs) * unitMs;

export const isoTime = (at: number): string => new Date(at).toISOString();

