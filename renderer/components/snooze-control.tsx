// Silences one item's notifications for a while, from its row: "Snooze" asks for how long; a snoozed item says
// until when and offers "Unsnooze". The core keeps the snooze (the tray and a restart see it too).
import { useState } from 'react';
import { formatClockTime } from '../../common/format/clock-time.ts';
import type { VigilArgs } from '../../common/ipc/contract.ts';
import { vigil } from '../api/vigil-api.ts';
import { useNow } from '../state/now-store.ts';
import { Dialog } from './dialog.tsx';
import { ChoiceButtons } from './choice-buttons.tsx';
import { useSwapAction } from './use-swap-action.ts';

type SnoozeFor = VigilArgs<'snooze'>[1];

const choices: readonly { value: SnoozeFor; label: string }[] = [
  { value: '1h', label: '1 hour' },
  { value: '4h', label: '4 hours' },
  { value: '8h', label: '8 hours' },
  { value: 'until-resumed', label: 'Until I unsnooze it' },
];

export interface SnoozeControlProps {
  itemKey: string;
  name: string;
  snoozedUntil: number | 'resumed' | undefined;
  /** An item not saved on the server yet has no key the core could keep a snooze under. */
  disabled?: boolean;
}

export function SnoozeControl({ itemKey, name, snoozedUntil, disabled = false }: SnoozeControlProps) {
  const [asking, setAsking] = useState(false);
  const { busy, focusIfAsked, run } = useSwapAction();

  if (snoozedUntil !== undefined) {
    return (
      <span className="snooze">
        <SnoozedUntil until={snoozedUntil} />
        <button ref={focusIfAsked} type="button" className="button button-small" aria-disabled={busy} aria-label={`Unsnooze ${name}`} onClick={() => void run(() => vigil().unsnooze(itemKey), `${name}: notifications are on again.`, `${name} was not unsnoozed`)}>
          Unsnooze
        </button>
      </span>
    );
  }
  return (
    <>
      <button ref={focusIfAsked} type="button" className="button button-small" disabled={disabled} aria-disabled={busy} aria-label={`Snooze ${name}`} onClick={() => !busy && setAsking(true)}>
        Snooze
      </button>
      {asking && (
        <Dialog title={`Snooze ${name}`} onClose={() => setAsking(false)}>
          <p className="dialog-body">No notifications about {name} for:</p>
          <div className="dialog-choices">
            <ChoiceButtons
              choices={choices}
              onChoose={(choice) => {
                setAsking(false);
                void run(() => vigil().snooze(itemKey, choice.value), choice.value === 'until-resumed' ? `${name} is snoozed until you unsnooze it.` : `${name} is snoozed for ${choice.label}.`, `${name} was not snoozed`);
              }}
            />
          </div>
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => setAsking(false)}>
              Cancel
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}

/** Only snoozed rows follow the clock (the date part of "until 14:00" may change). */
function SnoozedUntil({ until }: { until: number | 'resumed' }) {
  const now = useNow((state) => state.now);
  return <span className="snooze-note">Snoozed {until === 'resumed' ? 'indefinitely' : `until ${formatClockTime(until, now)}`}</span>;
}
