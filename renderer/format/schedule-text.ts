// A heartbeat's timing as the lists and its page say it: its cron schedule in words with its zone ("every weekday
// at 02:30, Europe/Berlin"; a schedule without words as written), or how often it is expected.
import { formatDuration } from '../../common/format/duration.ts';
import type { Heartbeat } from '../../common/ipc/views.ts';
import { describeCron } from '../../common/schedule/cron-description.ts';

export function scheduleText(heartbeat: Pick<Heartbeat, 'schedule' | 'timezone' | 'expected_interval'>): string | undefined {
  const { schedule, timezone, expected_interval: interval } = heartbeat;
  if (schedule !== undefined) {
    const words = describeCron(schedule) ?? schedule;
    return timezone === undefined ? words : `${words}, ${timezone}`;
  }
  return interval === undefined ? undefined : `every ${formatDuration(interval * 1000, 'exact')}`;
}
