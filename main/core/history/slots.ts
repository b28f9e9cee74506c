// A status bar from Vigil's own record of an item (its timeline's segments), in the service's slot alphabet and by
// the service's rule (common/api/status-slots.ts): what each segment counts as is the client's (uptime.ts `countAs`).
import { StatusSlots } from '../../../common/api/status-slots.ts';
import type { ItemKind } from '../../../common/ipc/views.ts';
import type { Segment } from './record-types.ts';
import { countAs } from './uptime.ts';

export function slotString(segments: readonly Segment[], kind: ItemKind, from: number, to: number, count: number, createdAt?: number): string {
  const slots = new StatusSlots(from, to, count);
  slots.reset(createdAt);
  for (const segment of segments) {
    const counted = countAs(kind, segment.health);
    if (counted === 'maintenance') slots.addMaintenance(segment.from, segment.to);
    else if (counted !== 'unknown') slots.add(segment.from, segment.to, counted === 'up');
  }
  return slots.text();
}
