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
