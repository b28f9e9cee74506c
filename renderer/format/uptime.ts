// Uptime as a percentage (pure): "100 %" only when nothing was down; otherwise rounded down, so 99.999 % never
// reads as 100 %.
const percent = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

/** "99.95 %", "100 %"; undefined when nothing was observed (never counted as up). */
export function uptimeText(uptime: number | undefined): string | undefined {
  if (uptime === undefined || Number.isNaN(uptime)) return undefined;
  const hundredths = Math.floor(Math.min(1, Math.max(0, uptime)) * 10_000);
  return `${percent.format(hundredths / 100)} %`;
}
