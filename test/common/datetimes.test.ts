import { describe, expect, it } from 'vitest';
import { dateTimeToEpochMs, isDate, isDateTime } from '../../common/api/index.ts';

describe('isDateTime', () => {
  it.each([
    '2026-11-21T15:52:00Z',
    '2026-11-21T15:52:00.000Z',
    '2026-11-21T15:52:00.123456789Z',
    '2026-11-21T15:52:00+01:00',
    '2026-11-21T15:52:00.5-05:30',
    '2026-11-21t15:52:00z',
    '2026-11-21 15:52:00Z',
    '2024-02-29T00:00:00Z',
    '2016-12-31T23:59:60Z',
  ])('accepts %s', (text) => {
    expect(isDateTime(text)).toBe(true);
  });

  it.each([
    'not a date',
    '',
    '2026-11-21',
    '2026-11-21T15:52:00', // no offset: ambiguous
    '2026-11-21T15:52Z', // no seconds
    '2026-11-21T15:52:00.Z',
    '2026-11-21T15:52:00+0100',
    '2026-11-21T15:52:00+24:00',
    '2026-13-01T00:00:00Z',
    '2026-02-29T00:00:00Z',
    '2026-04-31T00:00:00Z',
    '2026-11-21T24:00:00Z',
    '2026-11-21T15:60:00Z',
    '20261121T155200Z',
    'Sat, 21 Nov 2026 15:52:00 GMT',
    ' 2026-11-21T15:52:00Z',
  ])('rejects %j', (text) => {
    expect(isDateTime(text)).toBe(false);
  });
});

describe('dateTimeToEpochMs', () => {
  it.each([
    '2026-11-21T15:52:00Z',
    '2026-11-21T15:52:00.123Z',
    '2026-11-21T15:52:00.1239Z',
    '2026-11-21T16:52:00.5+01:00',
    '2026-11-21T10:22:00-05:30',
    '2000-02-29T23:59:59.999Z',
    '1969-07-20T20:17:40Z',
    '0001-01-01T00:00:00Z',
    '9999-12-31T23:59:59.999Z',
  ])('agrees with Date.parse for %s', (text) => {
    expect(dateTimeToEpochMs(text)).toBe(Date.parse(text));
  });

  it('reads years 0–99 as written, not as 1900–1999', () => {
    expect(new Date(dateTimeToEpochMs('0050-06-01T00:00:00Z') ?? Number.NaN).getUTCFullYear()).toBe(50);
  });

  it('rolls a leap second into the next minute', () => {
    expect(dateTimeToEpochMs('2016-12-31T23:59:60Z')).toBe(Date.parse('2017-01-01T00:00:00Z'));
  });

  it('returns undefined for text that is not a date-time', () => {
    expect(dateTimeToEpochMs('2026-02-30T00:00:00Z')).toBeUndefined();
  });
});

describe('isDate', () => {
  it.each(['2026-11-21', '2024-02-29', '2000-02-29', '2026-12-31'])('accepts %s', (text) => {
    expect(isDate(text)).toBe(true);
  });

  it.each(['2026-02-29', '1900-02-29', '2026-11-31', '2026-00-10', '2026-1-1', '20261121', '2026-11-21T00:00:00Z'])(
    'rejects %s',
    (text) => {
      expect(isDate(text)).toBe(false);
    },
  );
});
