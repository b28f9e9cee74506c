import { describe, expect, it } from 'vitest';
import { cronScheduleOf, crontabLine } from '../../renderer/views/heartbeats/crontab-line.ts';

describe('crontab line for a heartbeat', () => {
  it('derives the schedule when cron can run the job exactly every interval', () => {
    expect(cronScheduleOf(60)).toBe('* * * * *');
    expect(cronScheduleOf(300)).toBe('*/5 * * * *');
    expect(cronScheduleOf(3600)).toBe('0 * * * *');
    expect(cronScheduleOf(6 * 3600)).toBe('0 */6 * * *');
    expect(cronScheduleOf(86_400)).toBe('0 0 * * *');
    expect(cronScheduleOf(7 * 86_400)).toBe('0 0 * * 0');
  });

  it('leaves a placeholder rather than an uneven schedule', () => {
    for (const seconds of [30, 90, 7 * 60, 5 * 3600, 2 * 86_400]) expect(cronScheduleOf(seconds)).toBeUndefined();
    expect(crontabLine('https://vigil.example/ping/a', 420)).toBe('<schedule> /path/to/job && curl -fsS -m 10 --retry 3 https://vigil.example/ping/a > /dev/null');
  });

  it('quotes a URL the shell would split, and escapes the % cron turns into a line break', () => {
    expect(crontabLine("https://x.example/p?a=1&b=it's", 60)).toBe(`* * * * * /path/to/job && curl -fsS -m 10 --retry 3 'https://x.example/p?a=1&b=it'\\''s' > /dev/null`);
    expect(crontabLine('https://x.example/p/a%20b', 60)).toBe('* * * * * /path/to/job && curl -fsS -m 10 --retry 3 https://x.example/p/a\\%20b > /dev/null');
  });
});
