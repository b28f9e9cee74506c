import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDuration } from '../../../common/format/duration.ts';
import { cleanName, countPhrase, domainName, expiryPhrase, heartbeatName, monitorName, truncate } from '../../../main/core/health/index.ts';
import { DAY, HOUR, MINUTE, SECOND } from '../alerts/fixtures.ts';

describe('formatDuration', () => {
  it.each([
    [0, '0 s'],
    [45 * SECOND, '45 s'],
    [5 * MINUTE + 59 * SECOND, '5 min'],
    [2 * HOUR, '2 h'],
    [2 * HOUR + 5 * MINUTE, '2 h 5 min'],
    [3 * DAY + 4 * HOUR + 10 * MINUTE, '3 d 4 h'],
    [-5 * SECOND, '0 s'],
  ])('%i ms is %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe('expiryPhrase', () => {
  it.each([
    [5, 'expires in 5 days'],
    [1, 'expires tomorrow'],
    [0, 'expires today'],
    [-1, 'expired yesterday'],
    [-3, 'expired 3 days ago'],
  ])('%i days left reads "%s"', (days, text) => {
    expect(expiryPhrase(days)).toBe(text);
  });
});

describe('names', () => {
  it('fall back from name to url or slug or domain, then to the id', () => {
    expect(monitorName({ name: 'API', url: 'https://a.example' })).toBe('API');
    expect(monitorName({ url: 'https://a.example' })).toBe('https://a.example');
    expect(monitorName({ id: 'mon_1' })).toBe('mon_1');
    expect(monitorName({ name: '   ' })).toBe('Unnamed monitor');
    expect(heartbeatName({ slug: 'nightly' })).toBe('nightly');
    expect(heartbeatName({})).toBe('Unnamed heartbeat');
    expect(domainName({ domain: 'example.com' })).toBe('example.com');
    expect(domainName({})).toBe('Unnamed domain');
  });

  it('lose control characters and line breaks, and are cut to 60 characters', () => {
    expect(cleanName('a\nb\u2028c\u0007')).toBe('a b c');
    expect(cleanName('x'.repeat(100))).toBe(`${'x'.repeat(59)}…`);
  });

  it('truncate never splits a surrogate pair and never exceeds the limit', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.integer({ min: 2, max: 40 }), (text, max) => {
        const cut = truncate(text, max);
        expect(cut.length).toBeLessThanOrEqual(max);
        expect(cut.isWellFormed()).toBe(text.isWellFormed());
      }),
    );
  });

  it('countPhrase picks singular or plural', () => {
    expect(countPhrase(1, 'monitor')).toBe('1 monitor');
    expect(countPhrase(2, 'monitor')).toBe('2 monitors');
  });
});

describe('domainName shows people the Unicode form (the server keeps the ASCII one)', () => {
  it.each([
    ['xn--bcher-kva.de', 'bücher.de'],
    ['shop.xn--bcher-kva.example', 'shop.bücher.example'],
    ['example.com', 'example.com'],
    // Not Punycode any normalised name would be stored as: shown as it is.
    ['xn--zz.example', 'xn--zz.example'],
  ])('%s reads %s', (stored, shown) => {
    expect(domainName({ id: 'd1', domain: stored })).toBe(shown);
  });
});
