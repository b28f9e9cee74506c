// The value of an <input type="datetime-local"> and back, in the computer's time zone (pure): the input holds no
// zone, and the person means their own clock.

const pad = (value: number) => String(value).padStart(2, '0');

/** 1764000000000 → "2025-11-24T16:00" (minutes; seconds dropped). */
export function toLocalInput(at: number): string {
  const date = new Date(at);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** "2025-11-24T16:00" → epoch ms; undefined when it is not a complete date and time. */
export function fromLocalInput(text: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return undefined;
  const at = new Date(text).getTime();
  return Number.isNaN(at) ? undefined : at;
}
