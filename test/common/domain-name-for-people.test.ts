// A stored (A-label) domain named as its owner writes it, for sentences such as "bücher.example is already watched".
import { describe, expect, it } from 'vitest';
import { domainNameForPeople, normalizeDomainName } from '../../common/api/domain-name.ts';

describe('domainNameForPeople', () => {
  it.each(['bücher.example', 'münchen.example', '例え.テスト', 'ελληνικά.gr', 'example.com', 'xn-bad.example'])('gives back %s as typed', (typed) => {
    const stored = normalizeDomainName(typed);
    expect(stored.ok).toBe(true);
    expect(domainNameForPeople(stored.ok ? stored.domain : '')).toBe(typed);
  });

  it('leaves a label that is no valid Punycode, or that would be stored otherwise, as it is', () => {
    expect(domainNameForPeople('xn--.example')).toBe('xn--.example');
    expect(domainNameForPeople('xn--a.example')).toBe('xn--a.example');
    // "xn--ls8h" decodes to 💩, which normalizeDomainName would not accept as a label.
    expect(domainNameForPeople('xn--ls8h.example')).toBe('xn--ls8h.example');
  });
});
