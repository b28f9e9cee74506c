// A scanner of the Prometheus text exposition format (version 0.0.4), as much of it as Vigil's Uptime Kuma reader
// needs: samples with their name, labels, value and optional timestamp. No npm parser is used (docs/toolchain.md):
// measured on Kuma-shaped output (1.5 MB), `parse-prometheus-text-format` took 100–150 ms and `prom2javascript`
// 45–90 ms, against 11–17 ms for a single-purpose scanner, on every poll of the core; the first also has no types and
// keeps values as strings. This one is a single pass over the text that reads the labels only of the families the
// caller keeps, so the rest of an answer (Kuma's Node process metrics) costs a name scan per line.
import type { Issue } from '../../../common/api/index.ts';

export interface PrometheusSample {
  name: string;
  /**
   * A null-prototype record: a label named `__proto__` or `constructor` is just a label. Samples with the same label
   * text share one record: read it, never change it.
   */
  readonly labels: Readonly<Record<string, string>>;
  /** Any float, NaN and ±Infinity included: the exposition format allows them. */
  value: number;
  /** Epoch ms, when the line carries one. */
  timestampMs?: number;
  /** 1-based, for messages about this sample. */
  line: number;
}

export interface PrometheusText {
  /** The samples of the kept families, in the order of the text. */
  samples: PrometheusSample[];
  /** Every metric name the text mentions, in a sample or a `# TYPE` line, kept or not: what kind of answer it is. */
  names: Set<string>;
  /** Malformed lines, each skipped: the first few by line number, then how many more. */
  issues: Issue[];
}

// An HTML page or a truncated binary would otherwise produce one issue per line; a person needs the first few.
const MALFORMED_LINES_REPORTED = 10;

const CARRIAGE_RETURN = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;
const HASH = 0x23;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const EQUALS = 0x3d;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const LETTER_N = 0x6e;

const FLOAT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const INTEGER = /^-?\d+$/;
const TYPE_LINE = /^#[ \t]+TYPE[ \t]+([a-zA-Z_:][a-zA-Z0-9_:]*)/;

/** Go's ParseFloat spellings, which Prometheus accepts, case-insensitively; clients write NaN, Nan, +Inf, -Inf. */
const SPECIAL_VALUES: ReadonlyMap<string, number> = new Map([
  ['nan', Number.NaN],
  ['inf', Number.POSITIVE_INFINITY],
  ['+inf', Number.POSITIVE_INFINITY],
  ['-inf', Number.NEGATIVE_INFINITY],
  ['infinity', Number.POSITIVE_INFINITY],
  ['+infinity', Number.POSITIVE_INFINITY],
  ['-infinity', Number.NEGATIVE_INFINITY],
]);

function isBlank(code: number): boolean {
  return code === SPACE || code === TAB;
}

function isNameStart(code: number, colonAllowed: boolean): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5f || (colonAllowed && code === 0x3a);
}

function isNamePart(code: number, colonAllowed: boolean): boolean {
  return isNameStart(code, colonAllowed) || (code >= 0x30 && code <= 0x39);
}

function parseValue(token: string): number | undefined {
  if (FLOAT.test(token)) return Number(token);
  return SPECIAL_VALUES.get(token.toLowerCase());
}

/** Thrown inside one line's scan only; caught per line, so it never leaves this module. */
class MalformedLine extends Error {}

/** Where one line's scan is: text[position, end), the line break already cut off. */
interface Cursor {
  readonly text: string;
  position: number;
  readonly end: number;
}

function skipBlanks(cursor: Cursor): void {
  while (cursor.position < cursor.end && isBlank(cursor.text.charCodeAt(cursor.position))) cursor.position++;
}

function atEnd(cursor: Cursor): boolean {
  return cursor.position >= cursor.end;
}

function peek(cursor: Cursor): number {
  return cursor.position < cursor.end ? cursor.text.charCodeAt(cursor.position) : -1;
}

function readName(cursor: Cursor, colonAllowed: boolean, what: string): string {
  const start = cursor.position;
  if (!isNameStart(peek(cursor), colonAllowed)) throw new MalformedLine(`expected ${what}`);
  cursor.position++;
  while (cursor.position < cursor.end && isNamePart(cursor.text.charCodeAt(cursor.position), colonAllowed)) cursor.position++;
  return cursor.text.slice(start, cursor.position);
}

function expect(cursor: Cursor, code: number, what: string): void {
  if (peek(cursor) !== code) throw new MalformedLine(`expected ${what}`);
  cursor.position++;
}

/** A quoted label value, the opening quote already passed; only `\\\\`, `\\"` and `\\n` are escapes. */
function readQuoted(cursor: Cursor): string {
  const { text, end } = cursor;
  // Nearly every value has no escape: up to the next quote, found natively, unless a backslash comes before it.
  const quote = text.indexOf('"', cursor.position);
  if (quote !== -1 && quote < end) {
    const plain = text.slice(cursor.position, quote);
    if (!plain.includes('\\')) {
      cursor.position = quote + 1;
      return plain;
    }
  }
  let value = '';
  let segmentStart = cursor.position;
  while (cursor.position < end) {
    const code = text.charCodeAt(cursor.position);
    if (code === QUOTE) {
      value += text.slice(segmentStart, cursor.position);
      cursor.position++;
      return value;
    }
    if (code === BACKSLASH) {
      value += text.slice(segmentStart, cursor.position);
      const escaped = text.charCodeAt(cursor.position + 1);
      if (escaped === BACKSLASH) value += '\\';
      else if (escaped === QUOTE) value += '"';
      else if (escaped === LETTER_N) value += '\n';
      else throw new MalformedLine('expected \\\\, \\" or \\n after a backslash in a label value');
      cursor.position += 2;
      segmentStart = cursor.position;
    } else {
      cursor.position++;
    }
  }
  throw new MalformedLine('a label value has no closing quote');
}

function readToken(cursor: Cursor): string {
  const start = cursor.position;
  while (cursor.position < cursor.end && !isBlank(cursor.text.charCodeAt(cursor.position))) cursor.position++;
  return cursor.text.slice(start, cursor.position);
}

function noLabels(): Record<string, string> {
  return Object.create(null) as Record<string, string>;
}

/** `{name="value",…}`, at its opening brace. */
function readLabels(cursor: Cursor): Record<string, string> {
  const labels = noLabels();
  cursor.position++;
  for (;;) {
    skipBlanks(cursor);
    if (peek(cursor) === CLOSE_BRACE) break; // `{}` and a trailing comma are both allowed
    const name = readName(cursor, false, 'a label name');
    skipBlanks(cursor);
    expect(cursor, EQUALS, `= after label ${name}`);
    skipBlanks(cursor);
    expect(cursor, QUOTE, `a quoted value for label ${name}`);
    if (Object.hasOwn(labels, name)) throw new MalformedLine(`label ${name} appears twice`);
    labels[name] = readQuoted(cursor);
    skipBlanks(cursor);
    if (peek(cursor) === COMMA) cursor.position++;
    else if (peek(cursor) !== CLOSE_BRACE) throw new MalformedLine('expected , or } after a label');
  }
  cursor.position++;
  return labels;
}

/**
 * The labels at the cursor's opening brace, read once per distinct label text: an exporter writes the same labels
 * for a series in every family (Kuma: one set per monitor, in each of its families), so the later ones are a lookup.
 * The text up to the first `}` finds an earlier block only if it is that whole block: a `}` inside a quoted value
 * cuts the text where its quotes do not balance, and no complete block is such a text.
 */
function readLabelsOnce(cursor: Cursor, seen: Map<string, Record<string, string>>): Record<string, string> {
  const start = cursor.position;
  const close = cursor.text.indexOf('}', start);
  const block = close !== -1 && close < cursor.end ? cursor.text.slice(start, close + 1) : undefined;
  const known = block === undefined ? undefined : seen.get(block);
  if (known !== undefined) {
    cursor.position = close + 1;
    return known;
  }
  const labels = readLabels(cursor);
  // The block read is nearly always the text up to that first `}`, already cut out for the lookup.
  seen.set(block !== undefined && cursor.position === close + 1 ? block : cursor.text.slice(start, cursor.position), labels);
  return labels;
}

/** A sample line, past its leading blanks; undefined for a family not kept. */
function readSample(cursor: Cursor, lineNumber: number, names: Set<string>, keep: (name: string) => boolean, seenLabels: Map<string, Record<string, string>>): PrometheusSample | undefined {
  const name = readName(cursor, true, 'a metric name');
  names.add(name);
  if (!keep(name)) return undefined;
  skipBlanks(cursor);
  const labels = peek(cursor) === OPEN_BRACE ? readLabelsOnce(cursor, seenLabels) : noLabels();
  skipBlanks(cursor);
  const valueText = readToken(cursor);
  const value = parseValue(valueText);
  if (value === undefined) throw new MalformedLine(valueText === '' ? 'expected a value' : `"${clip(valueText)}" is not a number`);
  const sample: PrometheusSample = { name, labels, value, line: lineNumber };
  skipBlanks(cursor);
  if (atEnd(cursor)) return sample;
  const timestampText = readToken(cursor);
  if (!INTEGER.test(timestampText)) throw new MalformedLine(`"${clip(timestampText)}" is not a timestamp in milliseconds`);
  sample.timestampMs = Number(timestampText);
  skipBlanks(cursor);
  if (!atEnd(cursor)) throw new MalformedLine('unexpected text after the timestamp');
  return sample;
}

/**
 * Reads the samples of the families `keep` accepts (all by default); `# HELP`, `# TYPE` and other comments and blank
 * lines are passed over. A malformed line is reported with its number and skipped; lines of families not kept are
 * not checked past their name.
 */
export function parsePrometheusText(text: string, keep: (name: string) => boolean = () => true): PrometheusText {
  const samples: PrometheusSample[] = [];
  const names = new Set<string>();
  const issues: Issue[] = [];
  const seenLabels = new Map<string, Record<string, string>>();
  let malformedLines = 0;
  let lineNumber = 0;
  let lineStart = 0;
  while (lineStart < text.length) {
    lineNumber++;
    const newline = text.indexOf('\n', lineStart);
    const lineBreak = newline === -1 ? text.length : newline;
    const lineEnd = lineBreak > lineStart && text.charCodeAt(lineBreak - 1) === CARRIAGE_RETURN ? lineBreak - 1 : lineBreak;
    const cursor: Cursor = { text, position: lineStart, end: lineEnd };
    lineStart = lineBreak + 1;
    skipBlanks(cursor);
    if (atEnd(cursor)) continue;
    if (peek(cursor) === HASH) {
      const declared = TYPE_LINE.exec(text.slice(cursor.position, lineEnd));
      if (declared?.[1] !== undefined) names.add(declared[1]);
      continue;
    }
    try {
      const sample = readSample(cursor, lineNumber, names, keep, seenLabels);
      if (sample !== undefined) samples.push(sample);
    } catch (error) {
      if (!(error instanceof MalformedLine)) throw error;
      malformedLines++;
      if (malformedLines <= MALFORMED_LINES_REPORTED) issues.push({ path: ['line', lineNumber], message: `skipped a malformed line: ${error.message}` });
    }
  }
  const unreported = malformedLines - MALFORMED_LINES_REPORTED;
  if (unreported > 0) issues.push({ path: [], message: `skipped ${unreported} more malformed ${unreported === 1 ? 'line' : 'lines'}` });
  return { samples, names, issues };
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
