// RFC 3492 Punycode encoder, used to turn internationalised domain labels into their ASCII (xn--) form.
// Written here because common/ may not use Node's url/punycode modules.

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
