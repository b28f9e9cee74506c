// The schedule in words for the usual shapes, and none (so the expression is shown) for the rest.
import { describe, expect, it } from 'vitest';
import { daysOfWeek, describeCron } from '../../common/schedule/cron-description.ts';

describe('describeCron', () => {
  it.each([
    ['* * * * *', 'every minute'],
    ['*/1 * * * *', 'every minute'],
    ['*/15 * * * *', 'every 15 minutes'],
    ['5 * * * *', 'hourly at :05'],
    ['@hourly', 'hourly at :00'],
    ['0 */6 * * *', 'every 6 hours at :00'],
    ['30 2 * * *', 'daily at 02:30'],
    ['@daily', 'daily at 00:00'],
    ['  30   2 * * *  ', 'daily at 02:30'],
    ['0 2,14 * * *', 'daily at 02:00 and 14:00'],
    ['30 2 * * 1-5', 'every weekday at 02:30'],
    ['30 2 * * MON-FRI', 'every weekday at 02:30'],
    ['30 2 * * mon,tue,wed,thu,fri', 'every weekday at 02:30'],
    ['0 9 * * 2', 'weekly on Tuesday at 09:00'],
    ['0 9 * * 7', 'weekly on Sunday at 09:00'],
    ['@weekly', 'weekly on Sunday at 00:00'],
    ['0 9 * * 1,3,5', 'every Monday, Wednesday and Friday at 09:00'],
    ['0 10 * * 6,0', 'every Saturday and Sunday at 10:00'],
    ['0 10 * * 5-7', 'every Friday, Saturday and Sunday at 10:00'],
    ['0 10 * * 0-6', 'daily at 10:00'],
    ['0 4 1 * *', 'monthly on day 1 at 04:00'],
    ['@monthly', 'monthly on day 1 at 00:00'],
    ['0 23 L * *', 'monthly on the last day at 23:00'],
    ['0 0 1 1 *', 'yearly on 1 January at 00:00'],
    ['15 6 24 DEC *', 'yearly on 24 December at 06:15'],
  ])('%s is "%s"', (schedule, words) => {
    expect(describeCron(schedule)).toBe(words);
  });

  it.each(['0 9-17/2 * * 1-5', '0 0 1 * 1', '0 0 * * 5L', '0 0 * * 1#2', '0 0 15W * *', '1-5 * * * *', '0 0 * 1-3 *', '30 2 * * 6-1', '* * * *', '0 0 0 * * *', 'nonsense'])(
    '%s has no words',
    (schedule) => {
      expect(describeCron(schedule)).toBeUndefined();
    },
  );

  it('reads the days of the week, Monday first', () => {
    expect(daysOfWeek('0,6')).toEqual([6, 0]);
    expect(daysOfWeek('SUN-TUE')).toEqual([1, 2, 0]);
    expect(daysOfWeek('*/2')).toBeUndefined();
  });
});
