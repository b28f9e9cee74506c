// Where a JSON text breaks, told by line and column and never by quoting it (common/json-syntax.ts).
import { describe, expect, it } from 'vitest';
import { describeJsonSyntaxFault, jsonSyntaxFault, readJsonText } from '../../common/json-syntax.ts';

function faultOf(text: string): string {
  const read = readJsonText(text);
  if (read.ok) throw new Error(`expected ${JSON.stringify(text)} to be refused`);
  return describeJsonSyntaxFault(read.fault);
}

describe('readJsonText', () => {
  it('answers the value of valid JSON', () => {
    expect(readJsonText('{"a": [1, -2.5e3, "x\\u00e9", true, null]}\r\n')).toEqual({ ok: true, value: { a: [1, -2500, 'xé', true, null] } });
  });

  it('names the line and column of the fault and never quotes the text around it', () => {
    const secret = '{"smtp": {"password": "hunter2-secret" ,,}}';
    const fault = faultOf(secret);
    expect(fault).toBe('line 1, column 41 (a property name in double quotes was expected)');
    expect(fault).not.toContain('hunter2');
    // V8's own message, which this replaces, quotes the text around some faults: a password written without quotes.
    expect(() => JSON.parse('{"password": hunter2}')).toThrow(/hunter2/);
    expect(faultOf('{"password": hunter2}')).toBe('line 1, column 14 (an object, array, string, number, true, false or null was expected)');
  });

  it('counts lines at line breaks and columns in characters, as an editor does', () => {
    expect(faultOf('{\n  "a": 1,\n  "b": [1, 2,, 3]\n}')).toBe('line 3, column 14 (an object, array, string, number, true, false or null was expected)');
    expect(faultOf('{\r\n  "é😀": "x",\r\n}')).toBe('line 3, column 1 (a property name in double quotes was expected)');
    expect(faultOf('{"é😀": 1 2}')).toBe("line 1, column 10 (a ',' or '}' was expected)");
  });

  it('says what is wrong in general words', () => {
    expect(faultOf('')).toBe('line 1, column 1 (the text ends before the JSON is complete)');
    expect(faultOf('{"a": 1')).toBe('line 1, column 8 (the text ends before the JSON is complete)');
    expect(faultOf('{"a": "b')).toBe('line 1, column 9 (the text ends before the JSON is complete)');
    expect(faultOf('[1 2]')).toBe("line 1, column 4 (a ',' or ']' was expected)");
    expect(faultOf('{"a" 1}')).toBe("line 1, column 6 (a ':' was expected after the property name)");
    expect(faultOf('{"a":1} x')).toBe('line 1, column 9 (there is more text after the JSON value)');
    expect(faultOf('{"a": 01}')).toBe('line 1, column 8 (a number is not written as JSON writes numbers)');
    expect(faultOf('[1.]')).toBe('line 1, column 3 (a number is not written as JSON writes numbers)');
    expect(faultOf('{"a": "x\ny"}')).toBe('line 1, column 9 (a string holds a line break or another control character, which JSON writes as an escape such as \\n)');
    expect(faultOf('"\\q"')).toBe('line 1, column 2 (a string holds an escape JSON does not have)');
    expect(faultOf('"\\u12"')).toBe('line 1, column 2 (a \\u escape needs four hexadecimal digits)');
    expect(faultOf('{"a": tru}')).toBe('line 1, column 7 (an object, array, string, number, true, false or null was expected)');
    expect(faultOf('\uFEFF{}')).toBe('line 1, column 1 (an object, array, string, number, true, false or null was expected)');
  });

  it('reads a deeply nested text without overflowing the stack', () => {
    expect(faultOf('['.repeat(200_000))).toBe('line 1, column 200001 (the text ends before the JSON is complete)');
  });

  it('finds a fault exactly when JSON.parse does, over many damaged texts', () => {
    const base = JSON.stringify({ a: [1, 2.5, -3e4, 'x\\y"z', { b: null, c: true, d: false }], ü: '😀\n', e: {} }, null, 2);
    const alphabet = '{}[],:"\\ 0-1.eEtrufalsn\nx';
    // A fixed seed: the same texts on every run.
    let seed = 42;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    let refused = 0;
    for (let round = 0; round < 20_000; round++) {
      const chars = [...base];
      for (let edit = 0; edit <= round % 3; edit++) {
        const at = Math.floor(random() * chars.length);
        const char = alphabet[Math.floor(random() * alphabet.length)] ?? 'x';
        const kind = random();
        if (kind < 0.4) chars.splice(at, 1);
        else if (kind < 0.7) chars.splice(at, 0, char);
        else chars[at] = char;
      }
      const text = chars.join('');
      let parses = true;
      try {
        JSON.parse(text);
      } catch {
        parses = false;
      }
      // The scanner's own answer for a text in which it finds no fault is the fallback sentence.
      const scannerFindsNone = jsonSyntaxFault(text).problem === 'the text is not valid JSON';
      expect(scannerFindsNone, text).toBe(parses);
      if (!parses) refused++;
    }
    expect(refused).toBeGreaterThan(10_000);
    expect(refused).toBeLessThan(20_000);
  });
});
