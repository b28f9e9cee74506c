import { describe, expect, it } from 'vitest';
import { cronScheduleProblem, longestCronGap, nextCronOccurrence, nextCronOccurrences, normalizeCron } from '../../common/schedule/cron-schedule.ts';

const utc = (text: string) => Date.parse(text);
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());
const next = (schedule: string, zone: string, after: string, count = 3) => nextCronOccurrences(schedule, zone, utc(after), count).map(iso);

describe('cronScheduleProblem', () => {
  it.each(['30 2 * * *', '*/15 9-17 * * 1-5', '0 0 1,15 * *', '0 4 * * SUN', '0 0 * * 7', '0 0 L * *', '@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@HOURLY', '  5   4  * *  * '])(
    'accepts %j',
    (schedule) => expect(cronScheduleProblem(schedule)).toBeUndefined(),
  );

  it.each([
    ['', 'must not be empty: give a cron expression like "30 2 * * *" (minute, hour, day of month, month, day of week)'],
    ['0 0 * * * *', 'must have 5 fields, not 6 (seconds and years are not supported): like "30 2 * * *" (minute, hour, day of month, month, day of week)'],
    ['0 0 0 * * * 2027', 'must have 5 fields, not 7 (seconds and years are not supported): like "30 2 * * *" (minute, hour, day of month, month, day of week)'],
    ['* * *', 'must have 5 fields, not 3: like "30 2 * * *" (minute, hour, day of month, month, day of week)'],
    ['every day', 'must have 5 fields, not 2: like "30 2 * * *" (minute, hour, day of month, month, day of week)'],
    ['0 0 30 2 *', 'never fires: no date matches it'],
    ['@reboot', 'must be a cron expression like "30 2 * * *" (minute, hour, day of month, month, day of week), or one of @yearly, @annually, @monthly, @weekly, @daily, @midnight, @hourly'],
  ])('refuses %j: %s', (schedule, message) => {
    expect(cronScheduleProblem(schedule)).toBe(message);
  });

  it('says which part of a five-field expression is wrong', () => {
    expect(cronScheduleProblem('61 * * * *')).toMatch(/^is not a valid cron expression: .*minute.*61/);
    expect(cronScheduleProblem('0 25 * * *')).toMatch(/^is not a valid cron expression: .*hour/);
    expect(cronScheduleProblem('a b c d e')).toMatch(/^is not a valid cron expression: /);
  });

  it('normalises spacing and shorthands', () => {
    expect(normalizeCron('  5   4  * *  * ')).toBe('5 4 * * *');
    expect(normalizeCron('@Daily')).toBe('@daily');
  });
});

describe('nextCronOccurrence across daylight saving', () => {
  it('Europe/Berlin, spring forward: a 02:30 job runs at 03:00 CEST on the night 02:30 does not exist', () => {
    expect(next('30 2 * * *', 'Europe/Berlin', '2026-03-28T12:00:00Z')).toEqual([
      '2026-03-29T01:00:00.000Z', // 03:00 CEST, the first moment after the gap
      '2026-03-30T00:30:00.000Z', // 02:30 CEST
      '2026-03-31T00:30:00.000Z',
    ]);
  });

  it('Europe/Berlin, fall back: a 02:30 job runs once on the night 02:30 happens twice', () => {
    expect(next('30 2 * * *', 'Europe/Berlin', '2026-10-24T12:00:00Z')).toEqual([
      '2026-10-25T00:30:00.000Z', // 02:30 CEST, the first of the two
      '2026-10-26T01:30:00.000Z', // 02:30 CET
      '2026-10-27T01:30:00.000Z',
    ]);
  });

  it('America/New_York, spring forward: 02:30 becomes 03:00 EDT', () => {
    expect(next('30 2 * * *', 'America/New_York', '2026-03-07T12:00:00Z')).toEqual([
      '2026-03-08T07:00:00.000Z',
      '2026-03-09T06:30:00.000Z',
      '2026-03-10T06:30:00.000Z',
    ]);
  });

  it('America/New_York, fall back: a fixed 01:30 job runs once, a half-hourly one on both 01:30s', () => {
    expect(next('30 1 * * *', 'America/New_York', '2026-10-31T12:00:00Z')).toEqual([
      '2026-11-01T05:30:00.000Z', // 01:30 EDT
      '2026-11-02T06:30:00.000Z', // 01:30 EST
      '2026-11-03T06:30:00.000Z',
    ]);
    expect(next('*/30 * * * *', 'America/New_York', '2026-11-01T04:45:00Z', 5)).toEqual([
      '2026-11-01T05:00:00.000Z', // 01:00 EDT
      '2026-11-01T05:30:00.000Z', // 01:30 EDT
      '2026-11-01T06:00:00.000Z', // 01:00 EST
      '2026-11-01T06:30:00.000Z', // 01:30 EST
      '2026-11-01T07:00:00.000Z',
    ]);
  });

  it('is strictly after the given moment, and in the given zone', () => {
    expect(iso(nextCronOccurrence('0 3 * * *', 'UTC', utc('2026-01-02T03:00:00Z')))).toBe('2026-01-03T03:00:00.000Z');
    expect(iso(nextCronOccurrence('0 3 * * *', 'Asia/Tokyo', utc('2026-01-02T00:00:00Z')))).toBe('2026-01-02T18:00:00.000Z');
  });
});

describe('longestCronGap', () => {
  it('is the longest wait between occurrences, in seconds', () => {
    expect(longestCronGap('*/5 * * * *', 'UTC', utc('2026-01-01T00:00:00Z'))).toBe(300);
    // Friday 09:00 to Monday 09:00, an hour longer over the weekend the clocks go back.
    expect(longestCronGap('0 9 * * 1-5', 'UTC', utc('2026-01-01T00:00:00Z'))).toBe(3 * 86_400);
    expect(longestCronGap('0 9 * * 1-5', 'Europe/Berlin', utc('2026-01-01T00:00:00Z'))).toBe(73 * 3600);
    // The 25-hour day of the autumn change in Berlin, within 400 days.
    expect(longestCronGap('30 2 * * *', 'Europe/Berlin', utc('2026-01-01T00:00:00Z'))).toBe(25 * 3600);
  });

  it('finds a pause that comes only after a dense stretch', () => {
    const monday = utc('2026-11-23T08:00:00Z');
    // Friday 17:59 to Monday 09:00, and every minute on weekdays: Friday 23:59 to Monday 00:00; both an hour longer
    // over the weekend the clocks go back.
    expect(longestCronGap('* 9-17 * * 1-5', 'Europe/Berlin', monday)).toBe(64 * 3600 + 60);
    expect(longestCronGap('* * * * 1-5', 'Europe/Berlin', monday)).toBe(49 * 3600 + 60);
    expect(longestCronGap('* * * * 1-5', 'UTC', monday)).toBe(48 * 3600 + 60);
  });

  it('counts the wait until the first occurrence too, and says when there is none', () => {
    expect(longestCronGap('0 0 29 2 *', 'UTC', utc('2026-01-01T00:00:00Z'))).toBe((utc('2028-02-29T00:00:00Z') - utc('2026-01-01T00:00:00Z')) / 1000);
    expect(longestCronGap('0 0 30 2 *', 'UTC', utc('2026-01-01T00:00:00Z'))).toBeUndefined();
  });
});
