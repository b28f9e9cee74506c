// The time zone Vigil keeps schedules in (SettingsView.timeZone), asked once per form; until it arrives, or if
// the core cannot say, the window's own zone, which is the same computer's.
import { useEffect, useState } from 'react';
import { localTimeZone } from '../../../common/schedule/weekly-schedule.ts';
import { vigil } from '../../api/vigil-api.ts';

export function useSettingsTimeZone(): string {
  const [timeZone, setTimeZone] = useState(localTimeZone);
  useEffect(() => {
    let current = true;
    vigil()
      .getSettings()
      .then((settings) => {
        // A fake or an older core may answer without one: keep the window's.
        if (current && typeof settings?.timeZone === 'string') setTimeZone(settings.timeZone);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  return timeZone;
}
