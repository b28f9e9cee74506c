// The window the item page shows: one choice of five, as radio buttons drawn as a segmented control (arrow keys
// move between them, as in any radio group).
import { useId } from 'react';
import { ITEM_PAGE_WINDOWS, type ItemPageWindow } from '../../../common/ipc/history.ts';
import { windowNames } from './item-page-model.ts';

export function WindowPicker({ value, onChange }: { value: ItemPageWindow; onChange(pageWindow: ItemPageWindow): void }) {
  const name = useId();
  return (
    <fieldset className="window-picker">
      <legend>Show the past</legend>
      <div className="window-choices">
        {ITEM_PAGE_WINDOWS.map((choice) => (
          <label key={choice} className="window-choice">
            <input type="radio" name={name} value={choice} checked={choice === value} onChange={() => onChange(choice)} />
            <span>{windowNames[choice].long}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
