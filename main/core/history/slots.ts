// A status bar from a timeline (pure), in the slot alphabet of common/api/history.ts: the window cut into equal
// slots, oldest first, each `d` when down at some time in it, else `m` when in maintenance for most of it, else `u`
// when up for most of it, else `-` (the service's order, service/history/status-slots.ts). "Most of it" is of the
// part the item existed in: a slot wholly before its creation is `-`, the slot it was created in is judged on its
// time since (common/api/item-lifetime.ts).
import { livedSlotWidths } from '../../../common/api/item-lifetime.ts';
import type { ItemKind } from '../../../common/ipc/views.ts';
import type { Segment } from './record-types.ts';
import { countAs } from './uptime.ts';

export function slotString(segments: readonly Segment[], kind: ItemKind, from: number, to: number, count: number, createdAt?: number): string {
  const width = (to - from) / count;
  const lived = livedSlotWidths({ from, to }, count, createdAt);
  const up = new Float64Array(count);
  const maintenance = new Float64Array(count);
  const down = new Uint8Array(count);
  for (const segment of segments) {
    const counted = countAs(kind, segment.health);
    if (counted === 'unknown') continue;
    const start = Math.max(segment.from, from);
    const end = Math.min(segment.to, to);
    if (end <= start) continue;
    const first = Math.min(count - 1, Math.floor((start - from) / width));
    const last = Math.min(count - 1, Math.floor((end - from - 1e-9) / width));
    for (let slot = first; slot <= last; slot++) {
      const overlap = Math.min(end, from + (slot + 1) * width) - Math.max(start, from + slot * width);
      if (overlap <= 0) continue;
      if (counted === 'down') down[slot] = 1;
      else if (counted === 'up') up[slot] = (up[slot] ?? 0) + overlap;
      else maintenance[slot] = (maintenance[slot] ?? 0) + overlap;
    }
  }
  let slots = '';
  for (let slot = 0; slot < count; slot++) {
    const half = (lived[slot] ?? 0) / 2;
    slots += half === 0 ? '-' : down[slot] === 1 ? 'd' : (maintenance[slot] ?? 0) > half ? 'm' : (up[slot] ?? 0) > half ? 'u' : '-';
  }
  return slots;
}
