import { describe, expect, it } from 'vitest';
import { punycodeEncode } from '../../common/api/index.ts';

describe('punycodeEncode', () => {
  it.each([
    ['bücher', 'bcher-kva'],
    ['例え', 'r8jz45g'],
    ['münchen', 'mnchen-3ya'],
    ['ü', 'tda'],
    ['ß', 'zca'],
    ['faß', 'fa-hia'],
    ['😀', 'e28h'], // outside the BMP: encoded by code point, not UTF-16 unit
    // RFC 3492 §7.1 samples (A), (B), (I), (J-ish), (L), (Q)
    ['\u0644\u064A\u0647\u0645\u0627\u0628\u062A\u0643\u0644\u0645\u0648\u0634\u0639\u0631\u0628\u064A\u061F', 'egbpdaj6bu4bxfgehfvwxn'],
    ['他们为什么不说中文', 'ihqwcrb4cv8a8dqg056pqjye'],
    ['почемужеонинеговорятпорусски', 'b1abfaaepdrnnbgefbadotcwatmq2g4l'],
    ['Pročprostěnemluvíčesky', 'Proprostnemluvesky-uyb24dma41a'],
    ['3年B組金八先生', '3B-ww4c5e180e575a65lsy2b'],
    ['MajiでKoiする5秒前', 'MajiKoi5-783gue6qz075azm5e'],
  ])('encodes %s as %s', (input, expected) => {
    expect(punycodeEncode(input)).toBe(expected);
  });

  it('ends an all-basic string with the delimiter, as RFC 3492 specifies', () => {
    expect(punycodeEncode('abc')).toBe('abc-');
  });

  it('encodes the empty string as itself', () => {
    expect(punycodeEncode('')).toBe('');
  });
});
