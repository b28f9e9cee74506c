// The live preview under the heartbeat form's cron field: words, zone and next run in that zone (and here, when
// the computer's zone differs), or the service's own problem sentence.
import { describe, expect, it } from 'vitest';
import { cronScheduleProblem } from '../../common/schedule/cron-schedule.ts';
import { runTime, schedulePreview } from '../../renderer/views/heartbeats/schedule-preview.ts';

// Monday 24 November 2026, 12:00 UTC (13:00 in Berlin, 07:00 in New York).
const NOW = Date.parse('2026-11-24T12:00:00Z') - 86_400_000;

describe('schedulePreview', () => {
  it('says the schedule, its zone and the next run there', () => {
    expect(schedulePreview('30 2 * * 1-5', 'Europe/Berlin', NOW, 'Europe/Berlin')).toEqual({ ok: true, text: 'every weekday at 02:30, Europe/Berlin — next run Tue 02:30' });
  });

  it('adds the time here when the computer is in another zone', () => {
    expect(schedulePreview('30 2 * * 1-5', 'Europe/Berlin', NOW, 'America/New_York')).toEqual({
      ok: true,
      text: 'every weekday at 02:30, Europe/Berlin — next run Tue 02:30 (Mon 20:30 here)',
    });
    expect(schedulePreview('0 9 * * *', 'Asia/Tokyo', NOW, 'UTC')).toEqual({ ok: true, text: 'daily at 09:00, Asia/Tokyo — next run Tue 09:00 (Tue 00:00 here)' });
  });

  it('dates a run more than a few days away', () => {
    expect(schedulePreview('0 4 1 * *', 'UTC', NOW, 'UTC')).toEqual({ ok: true, text: 'monthly on day 1 at 04:00, UTC — next run Tue 1 Dec 04:00' });
  });

  it('shows a schedule without words as written', () => {
    expect(schedulePreview('0 9-17/2 * * 1-5', 'UTC', NOW, 'UTC')).toEqual({ ok: true, text: '“0 9-17/2 * * 1-5”, UTC — next run Mon 13:00' });
  });

  it('follows daylight saving in the schedule’s zone', () => {
    // Sunday 29 March 2026: Berlin springs forward at 02:00, so 02:30 comes at 03:00 (01:00 UTC).
    const saturday = Date.parse('2026-03-28T12:00:00Z');
    expect(schedulePreview('30 2 * * *', 'Europe/Berlin', saturday, 'UTC')).toEqual({ ok: true, text: 'daily at 02:30, Europe/Berlin — next run Sun 03:00 (Sun 01:00 here)' });
  });

  it('says what is wrong in the service’s words', () => {
    for (const schedule of ['0 30 2 * * *', '', '0 0 30 2 *', '61 * * * *', '@reboot']) {
      const problem = cronScheduleProblem(schedule);
      expect(problem).toBeDefined();
      expect(schedulePreview(schedule, 'Europe/Berlin', NOW, 'UTC')).toEqual({ ok: false, problem });
    }
  });

  it('gives the words alone while the zone is not one', () => {
    expect(schedulePreview('30 2 * * *', 'Mars/Olympus', NOW, 'UTC')).toEqual({ ok: true, text: 'daily at 02:30' });
  });

  it('writes a run time as a wall time in the zone', () => {
    expect(runTime(Date.parse('2026-11-25T01:30:00Z'), 'Europe/Berlin', NOW)).toBe('Wed 02:30');
  });
});
