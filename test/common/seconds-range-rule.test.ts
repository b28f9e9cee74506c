// The bounds of a length of time said in the units a person reads, for the API and every form alike.
import { describe, expect, it } from 'vitest';
import { INPUT_LIMITS } from '../../common/api/input-limits.ts';
import { secondsRangeRule } from '../../common/api/input-rules.ts';
import { durationInWords } from '../../common/format/duration.ts';

describe('durationInWords', () => {
  it.each([
    [0, '0 seconds'],
    [1, '1 second'],
    [10, '10 seconds'],
    [90, '90 seconds'],
    [3600, '1 hour'],
    [86_400, '1 day'],
    [2_592_000, '30 days'],
    [31_622_400, '366 days'],
  ])('%d seconds read "%s"', (seconds, words) => {
    expect(durationInWords(seconds)).toBe(words);
  });
});

describe('secondsRangeRule', () => {
  const interval = secondsRangeRule(INPUT_LIMITS.expectedIntervalSeconds);

  it('states the bounds in days, hours and seconds, never as a raw count of seconds', () => {
    expect(interval(5)).toBe('must be between 10 seconds and 366 days');
    expect(interval(31_622_401)).toBe('must be between 10 seconds and 366 days');
    expect(secondsRangeRule(INPUT_LIMITS.frequencySeconds)(86_401)).toBe('must be between 10 seconds and 1 day');
    expect(secondsRangeRule(INPUT_LIMITS.retrySeconds)(1)).toBe('must be between 5 seconds and 1 hour');
  });

  it('refuses a fraction of a second rather than rounding it', () => {
    expect(interval(9.5)).toBe('must be a whole number of seconds');
    expect(interval(10)).toBeUndefined();
    expect(interval(31_622_400)).toBeUndefined();
  });
});
