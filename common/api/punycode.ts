// RFC 3492 Punycode, used to turn internationalised domain labels into their ASCII (xn--) form and back (to name a
// domain as its owner writes it). Written here because common/ may not use Node's url/punycode modules.

const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 0x80;
const MAX_INT = 0x7fffffff; // the RFC's overflow bound for its 32-bit reference implementation

/** RFC 3492 §6.1 bias adaptation. */
function adapt(delta: number, pointCount: number, isFirst: boolean): number {
  let d = isFirst ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / pointCount);
  let k = 0;
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW));
}

/** Digit values 0–25 are a–z, 26–35 are 0–9 (lower case, as IDNA expects). */
function digitChar(value: number): string {
  return String.fromCharCode(value < 26 ? 0x61 + value : 0x16 + value);
}

/** Encodes one label (without the "xn--" prefix); basic code points keep their case. */
export function punycodeEncode(input: string): string {
  // Iterating a string yields whole code points, so codePointAt(0) is always defined here.
  const codePoints = Array.from(input, (char) => char.codePointAt(0) ?? 0);
  let output = codePoints.filter((cp) => cp < INITIAL_N).map((cp) => String.fromCharCode(cp)).join('');
  const basicCount = output.length;
  if (basicCount > 0) output += '-';

  let n = INITIAL_N;
  let delta = 0;
  let bias = INITIAL_BIAS;
  for (let handled = basicCount; handled < codePoints.length; ) {
    const next = Math.min(...codePoints.filter((cp) => cp >= n));
    if (next - n > Math.floor((MAX_INT - delta) / (handled + 1))) throw new RangeError('punycode overflow');
    delta += (next - n) * (handled + 1);
    n = next;
    for (const cp of codePoints) {
      if (cp < n && ++delta > MAX_INT) throw new RangeError('punycode overflow');
      if (cp !== n) continue;
      let q = delta;
      for (let k = BASE; ; k += BASE) {
        const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
        if (q < t) break;
        output += digitChar(t + ((q - t) % (BASE - t)));
        q = Math.floor((q - t) / (BASE - t));
      }
      output += digitChar(q);
      bias = adapt(delta, handled + 1, handled === basicCount);
      delta = 0;
      handled++;
    }
    delta++;
    n++;
  }
  return output;
}

/** The value of a digit character, or undefined for a character that is no Punycode digit. */
function digitValue(char: string): number | undefined {
  const code = char.toLowerCase().charCodeAt(0);
  if (code >= 0x61 && code <= 0x7a) return code - 0x61;
  if (code >= 0x30 && code <= 0x39) return code - 0x16;
  return undefined;
}

/** Decodes one label (without the "xn--" prefix), RFC 3492 §6.2; undefined when it is not valid Punycode. */
export function punycodeDecode(input: string): string | undefined {
  const delimiter = input.lastIndexOf('-');
  const output = Array.from(delimiter > 0 ? input.slice(0, delimiter) : '', (char) => char.codePointAt(0) ?? 0);
  if (output.some((cp) => cp >= INITIAL_N)) return undefined;
  let n = INITIAL_N;
  let i = 0;
  let bias = INITIAL_BIAS;
  for (let position = delimiter > 0 ? delimiter + 1 : 0; position < input.length; ) {
    const oldI = i;
    let w = 1;
    for (let k = BASE; ; k += BASE) {
      const digit = position < input.length ? digitValue(input.charAt(position++)) : undefined;
      if (digit === undefined || digit > Math.floor((MAX_INT - i) / w)) return undefined;
      i += digit * w;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < t) break;
      if (w > Math.floor(MAX_INT / (BASE - t))) return undefined;
      w *= BASE - t;
    }
    bias = adapt(i - oldI, output.length + 1, oldI === 0);
    if (Math.floor(i / (output.length + 1)) > MAX_INT - n) return undefined;
    n += Math.floor(i / (output.length + 1));
    i %= output.length + 1;
    if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return undefined;
    output.splice(i, 0, n);
    i++;
  }
  return String.fromCodePoint(...output);
}
