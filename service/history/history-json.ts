// Events and pings as the API shows them (docs/api-decisions.md §14).
import type { StoredHistoryEvent } from './storage/event-store.ts';
import { isoTime } from './time-units.ts';

export function eventJson(event: StoredHistoryEvent) {
  return {
    id: String(event.id),
    at: isoTime(event.at),
    kind: event.kind,
    ...(event.itemId !== undefined ? { item_id: event.itemId } : {}),
    ...(event.itemName !== undefined ? { item_name: event.itemName } : {}),
    ...(event.from !== undefined ? { from: event.from } : {}),
    to: event.to,
    ...(event.detail !== undefined ? { detail: event.detail } : {}),
  };
}

export const pingJson = (at: number) => ({ at: isoTime(at) });
