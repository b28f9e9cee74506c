// A compact 24-hour status bar for a list row: one shape per state, so it is not told by colour alone (up a short
// bar, down a tall one, not watched a thin line), with the counts for screen readers. A monitor created within the
// day draws nothing before its creation: that time was neither watched nor missed.
import { slotRuns, slotsSentence, type SlotState } from '../format/slots.ts';

const width = 60;
const height = 16;
const shapes: Record<SlotState, { y: number; height: number }> = { up: { y: 4, height: 8 }, down: { y: 0, height: 16 }, gap: { y: 7, height: 2 } };

export function UptimeBar({ slots, slotMs, firstSlot = 0 }: { slots: string; slotMs: number; firstSlot?: number }) {
  const slotWidth = width / Math.max(1, slots.length);
  return (
    <svg className="uptime-bar" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={slotsSentence(slots, slotMs, firstSlot)}>
      {slotRuns(slots, firstSlot).map((run) => (
        <rect key={run.start} className={`slot-${run.state}`} x={run.start * slotWidth} width={run.length * slotWidth} {...shapes[run.state]} />
      ))}
    </svg>
  );
}

/** One state's shape alone, for a legend. */
export function SlotSwatch({ state }: { state: SlotState }) {
  return (
    <svg className="uptime-bar legend-bar" width="12" height={height} aria-hidden="true">
      <rect className={`slot-${state}`} x="0" width="12" {...shapes[state]} />
    </svg>
  );
}
