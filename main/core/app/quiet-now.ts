// Whether quiet hours are in force now, for the status (the tray's tooltip and the window say so), kept until the
// schedule can next change: placing a week of wall-clock ranges costs a few dozen time-zone conversions.
import type { QuietHours } from '../../../common/ipc/alerting.ts';
import { weeklyStateAt, type WeeklyState } from '../../../common/schedule/weekly-schedule.ts';

export class QuietNow {
  #kept: { quietHours: QuietHours; timeZone: string; from: number; state: WeeklyState } | undefined;

  /** Quiet hours in force at `now` and until when; undefined when they are off or not now. */
  at(quietHours: QuietHours, timeZone: string, now: number): { until?: number } | undefined {
    if (!quietHours.enabled) return undefined;
    const kept = this.#kept;
    const fresh = kept !== undefined && kept.quietHours === quietHours && kept.timeZone === timeZone && kept.from <= now && now < (kept.state.until ?? kept.from + 86_400_000);
    const state = fresh ? kept.state : weeklyStateAt(quietHours.ranges, timeZone, now);
    if (!fresh) this.#kept = { quietHours, timeZone, from: now, state };
    if (!state.active) return undefined;
    return state.until === undefined ? {} : { until: state.until };
  }
}
