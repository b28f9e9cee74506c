// Silences one item's notifications for a while, from its row: "Snooze" asks for how long; a snoozed item says
// until when and offers "Unsnooze". The core keeps the snooze (the tray and a restart see it too).
import { useRef, useState } from 'react';
import { formatClockTime } from '../../common/format/clock-time.ts';
import type { VigilArgs } from '../../common/ipc/contract.ts';
import { callFailureOf } from '../api/call-error.ts';
import { vigil } from '../api/vigil-api.ts';
import { showError, showInfo } from '../state/notices-store.ts';
import { useNow } from '../state/now-store.ts';
import { tracked } from '../state/pending-writes.ts';
import { Dialog } from './dialog.tsx';
import { ChoiceButtons } from './choice-buttons.tsx';

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
  const [busy, setBusy] = useState(false);
  // Snoozing swaps Snooze for Unsnooze (and back): focus follows to the new button instead of falling to the page.
  // While busy the button is only marked disabled (aria-disabled), so it keeps focus until the swap.
  const keepFocus = useRef(false);
  const focusIfAsked = (button: HTMLButtonElement | null) => {
    if (button === null || !keepFocus.current) return;
    keepFocus.current = false;
    button.focus();
  };

  async function run(action: () => Promise<unknown>, done: string, failed: string) {
    if (busy) return;
    keepFocus.current = true;
    setBusy(true);
    try {
      await tracked(action);
      showInfo(done);
    } catch (error) {
      showError(`${failed}: ${callFailureOf(error).message}`);
    } finally {
      setBusy(false);
    }
  }

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
