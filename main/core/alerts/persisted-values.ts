// Guards for reading the alert state back from JSON: whatever is not what it should be is dropped.

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isTime(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

export function isText(value: unknown): value is string {
  return typeof value === 'string';
}

export function textList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter(isText) : [];
}

export function timeList(value: unknown): number[] {
  return Array.isArray(value) ? value.filter(isTime) : [];
}

/** The readable entries of a record by key; the rest dropped. */
export function recordOf<T>(value: unknown, read: (entry: unknown) => T | undefined): Record<string, T> {
  const result: Record<string, T> = {};
  if (!isRecord(value)) return result;
  for (const [key, entry] of Object.entries(value)) {
    const readable = read(entry);
    if (readable !== undefined) result[key] = readable;
  }
  return result;
}
