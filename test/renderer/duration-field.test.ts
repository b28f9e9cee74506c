// A length typed as an amount and a unit: the seconds it stands for, never rounded behind the person's back, and
// what is wrong with the amount said in the unit typed.
import { describe, expect, it } from 'vitest';
import { draftSeconds, durationErrors } from '../../renderer/components/duration-field.tsx';

describe('draftSeconds', () => {
  it.each([
    [{ amount: '5', unit: 'minutes' }, 300],
    [{ amount: '1.1', unit: 'minutes' }, 66],
    [{ amount: '1,5', unit: 'hours' }, 5400],
    [{ amount: ' 0.5 ', unit: 'days' }, 43_200],
    [{ amount: '9.5', unit: 'seconds' }, 9.5],
    [{ amount: '1.01', unit: 'minutes' }, 60.6],
  ] as const)('%j is %d seconds', (draft, seconds) => {
    expect(draftSeconds(draft)).toBeCloseTo(seconds, 9);
  });

  it.each(['', 'five', '5 min', '0x10', '1e3'])('%j is no number', (amount) => {
    expect(draftSeconds({ amount, unit: 'seconds' })).toBeNaN();
  });
});

describe('durationErrors', () => {
  it('refuses a fraction of a second in the unit typed, instead of rounding it', () => {
    expect(durationErrors({ frequency: { amount: '9.5', unit: 'seconds' } })).toEqual({ frequency: 'must be a whole number of seconds' });
    expect(durationErrors({ frequency: { amount: '1.01', unit: 'minutes' } })).toEqual({ frequency: 'must come to whole seconds: 1.01 minutes is 60.6 seconds' });
    expect(durationErrors({ frequency: { amount: '0.0001', unit: 'hours' } })).toEqual({ frequency: 'must come to whole seconds: 0.0001 hours is 0.36 seconds' });
  });

  it('says an empty or unreadable amount, and leaves the bounds to the input rules', () => {
    expect(durationErrors({ a: { amount: ' ', unit: 'minutes' }, b: { amount: 'soon', unit: 'minutes' }, c: { amount: '400', unit: 'days' }, d: undefined })).toEqual({
      a: 'must not be empty',
      b: 'must be a number, like 5 or 1.5',
    });
  });
});
