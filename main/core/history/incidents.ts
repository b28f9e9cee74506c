// Incidents from a timeline (pure): each stretch an item counted as down, from when it was first seen down to when
// it was seen up again. A gap inside a stretch does not end it (nobody saw it recover); maintenance does, when it
// began (what happened during planned work is not an incident); one still down at the end has no end.
import type { Incident } from '../../../common/ipc/history.ts';
import type { ItemKind } from '../../../common/ipc/views.ts';
import type { Segment } from './record-types.ts';
import { countAs } from './uptime.ts';

export function incidentsOf(segments: readonly Segment[], kind: ItemKind): Incident[] {
  const incidents: Incident[] = [];
  let open: { start: number; detail: string; lastDownEnd: number } | undefined;
  for (const segment of segments) {
    const counted = segment.health === 'gap' ? 'gap' : countAs(kind, segment.health);
    if (counted === 'down') {
      if (open === undefined) open = { start: segment.from, detail: segment.detail ?? segment.state, lastDownEnd: segment.to };
      else open.lastDownEnd = segment.to;
    } else if (counted === 'up' && open !== undefined) {
      incidents.push({ start: open.start, end: segment.from, detail: open.detail });
      open = undefined;
    } else if (counted !== 'gap' && open !== undefined) {
      // Neither up nor down (a status the server did not give, or maintenance): the incident ended when it stopped
      // being down.
      incidents.push({ start: open.start, end: open.lastDownEnd, detail: open.detail });
      open = undefined;
    }
  }
  if (open !== undefined) {
    const lastSeen = [...segments].reverse().find((segment) => segment.health !== 'gap');
    const stillDown = lastSeen !== undefined && countAs(kind, lastSeen.health) === 'down';
    incidents.push({ start: open.start, end: stillDown ? undefined : open.lastDownEnd, detail: open.detail });
  }
  return incidents;
}
