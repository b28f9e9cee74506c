// A certificate's days and words, one source for the service's alerts and history and the desktop's notifications
// and feed: whole days to the instant it ends, "expired" the moment it passes.
import { describe, expect, it } from 'vitest';
import { certificateDaysLeft, certificateExpiryPhrase, certificateMessage, certificateOf, utcMinute } from '../../common/format/certificate-words.ts';

const NOW = Date.UTC(2026, 10, 24, 14, 5);
const DAY = 86_400_000;

describe("a certificate's days and words", () => {
  it('counts whole days to the instant it ends, and -1 from that instant on', () => {
    expect([5 * DAY + 1, 5 * DAY, 5 * DAY - 1, DAY, 1, 0, -1, -10 * DAY].map((left) => certificateDaysLeft(NOW + left, NOW))).toEqual([5, 5, 4, 1, 0, -1, -1, -1]);
  });

  it('says how soon, where, and when to the minute in UTC', () => {
    expect([7, 1, 0, -1].map(certificateExpiryPhrase)).toEqual(['expires in 7 days', 'expires in 1 day', 'expires within a day', 'has expired']);
    expect(`${certificateOf('API')} ${certificateExpiryPhrase(7)}`).toBe('The certificate of API expires in 7 days');
    expect(utcMinute(NOW + 59_999)).toBe('2026-11-24 14:05 UTC');
    expect(certificateMessage('API', 'https://api.example/', NOW + 5 * DAY, 5)).toBe('The certificate of “API” (https://api.example/) expires in 5 days, on 2026-11-29 14:05 UTC.');
    expect(certificateMessage('API', 'https://api.example/', NOW, -1)).toBe('The certificate of “API” (https://api.example/) expired on 2026-11-24 14:05 UTC.');
  });
});
