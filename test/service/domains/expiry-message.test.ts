import { describe, expect, it } from 'vitest';
import { expiryMessage } from '../../../service/domains/expiry-message.ts';

describe('expiryMessage', () => {
  it.each([
    [30, 'Domain example.com expires in 30 days (2026-11-28)'],
    [1, 'Domain example.com expires in 1 day (2026-11-28)'],
    [0, 'Domain example.com expires today (2026-11-28)'],
    [-3, 'Domain example.com expired on 2026-11-28'],
  ])('%i days left: %s', (daysLeft, message) => {
    expect(expiryMessage('example.com', '2026-11-28', daysLeft)).toBe(message);
  });
});
