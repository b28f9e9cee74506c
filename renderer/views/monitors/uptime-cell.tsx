// The monitors list's "Uptime 24 h" column: the status bar and the percentage, marked when it is Vigil's own record
// rather than the server's; and the legend above the table that says how to read them.
import { useMemo } from 'react';
import type { ListHistoryView } from '../../../common/ipc/history.ts';
import { SlotSwatch, UptimeBar } from '../../components/uptime-bar.tsx';
import { noUptimeText, uptimeText } from '../../format/uptime.ts';

export function UptimeCell({ figures, slotMs }: { figures: ListHistoryView['items'][string] | undefined; slotMs: number }) {
  const text = uptimeText(figures?.uptime);
  return (
    <span className="uptime-cell">
      {figures !== undefined && figures.slots.length > 0 ? <UptimeBar slots={figures.slots} slotMs={slotMs} firstSlot={figures.firstSlot} /> : <span className="uptime-bar-empty" aria-hidden="true" />}
      {text === undefined ? (
        <span className="cell-muted">
          <span aria-hidden="true">—</span>
          <span className="visually-hidden">{noUptimeText((figures?.firstSlot ?? 0) > 0)}</span>
        </span>
      ) : (
        <span>
          {text}
          {figures?.source === 'client' && (
            <>
              <span aria-hidden="true">*</span>
              <span className="visually-hidden"> (Vigil’s own record)</span>
            </>
          )}
        </span>
      )}
    </span>
  );
}

export function HistoryLegend({ history }: { history: ListHistoryView | undefined }) {
  const ownRecord = useMemo(() => Object.values(history?.items ?? {}).some((figures) => figures.source === 'client'), [history]);
  return (
    <p className="history-legend">
      <span>The bars show the past 24 hours:</span>
      <span>
        <SlotSwatch state="up" /> up,
      </span>
      <span>
        <SlotSwatch state="down" /> down,
      </span>
      <span>
        <SlotSwatch state="gap" /> not watched.
      </span>
      {ownRecord && <span>Uptime marked * is Vigil’s own record, counted only while it was watching.</span>}
    </p>
  );
}
