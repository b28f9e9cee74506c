// Where a JSON text breaks, told by position only. JSON.parse's own message quotes the text around the fault (V8:
// `Unexpected token '}', "…"hunter2"…" is not valid JSON`), and the files Vigil reads hold passwords, tokens and
// webhook URLs, so that message never reaches an error, a warning or a log. Instead the text is scanned here, without
// recursion (a deeply nested file cannot overflow the stack), and the first fault is given as a line and a column
// with a problem in general words.

export interface JsonSyntaxFault {
  /** 1-based. */
  line: number;
  /** 1-based, in characters as an editor counts them. */
  column: number;
  /** What is wrong there, never quoting the text: "a property name in double quotes was expected". */
  problem: string;
}

export type JsonTextRead = { ok: true; value: unknown } | { ok: false; fault: JsonSyntaxFault };

/** JSON.parse, with a fault that names where the text breaks instead of quoting it. */
export function readJsonText(text: string): JsonTextRead {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, fault: jsonSyntaxFault(text) };
  }
}

/** "line 3, column 41 (a property name in double quotes was expected)", to follow "is not valid JSON at". */
export function describeJsonSyntaxFault(fault: JsonSyntaxFault): string {
  return `line ${fault.line}, column ${fault.column} (${fault.problem})`;
}

/** The first place `text` is not JSON (RFC 8259, as JSON.parse reads it); called once JSON.parse has refused it. */
export function jsonSyntaxFault(text: string): JsonSyntaxFault {
  const scan = new Scanner(text);
  const { offset, problem } = scan.firstFault() ?? { offset: text.length, problem: 'the text is not valid JSON' };
  return { ...lineAndColumn(text, offset), problem };
}

type Fault = { offset: number; problem: string };

const endedEarly = 'the text ends before the JSON is complete';
const jsonNumber = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

class Scanner {
  readonly #text: string;
  #at = 0;

  constructor(text: string) {
    this.#text = text;
  }

  firstFault(): Fault | undefined {
    // What is open around the current place: each entry is the closing character it waits for.
    const open: ('}' | ']')[] = [];
    for (;;) {
      const step = this.#value(open);
      if (step === 'opened') continue;
      if (step !== undefined) return step;
      // After a value: a comma, a closing bracket, or (at the top) the end of the text.
      for (;;) {
        this.#skipWhitespace();
        const closing = open.at(-1);
        if (closing === undefined) return this.#at < this.#text.length ? this.#fault('there is more text after the JSON value') : undefined;
        const char = this.#text[this.#at];
        if (char === undefined) return this.#fault(endedEarly);
        if (char === closing) {
          this.#at++;
          open.pop();
          continue;
        }
        if (char === ',') {
          this.#at++;
          if (closing === '}') {
            const member = this.#memberName();
            if (member !== undefined) return member;
          }
          break;
        }
        return this.#fault(`a ',' or '${closing}' was expected`);
      }
    }
  }

  /** One whole value, or the opening of an object or array: pushed onto `open`, and its first value comes next. */
  #value(open: ('}' | ']')[]): Fault | 'opened' | undefined {
    this.#skipWhitespace();
    const char = this.#text[this.#at];
    if (char === undefined) return this.#fault(endedEarly);
    if (char === '{' || char === '[') {
      this.#at++;
      this.#skipWhitespace();
      const closing = char === '{' ? '}' : ']';
      if (this.#text[this.#at] === closing) {
        this.#at++;
        return undefined;
      }
      open.push(closing);
      return (closing === '}' ? this.#memberName() : undefined) ?? 'opened';
    }
    if (char === '"') return this.#string();
    if (char === '-' || isDigit(char)) return this.#number();
    for (const literal of ['true', 'false', 'null']) {
      if (this.#text.startsWith(literal, this.#at)) {
        this.#at += literal.length;
        return undefined;
      }
    }
    return this.#fault('an object, array, string, number, true, false or null was expected');
  }

  /** A member's name in double quotes and its colon. */
  #memberName(): Fault | undefined {
    this.#skipWhitespace();
    if (this.#at >= this.#text.length) return this.#fault(endedEarly);
    if (this.#text[this.#at] !== '"') return this.#fault('a property name in double quotes was expected');
    const name = this.#string();
    if (name !== undefined) return name;
    this.#skipWhitespace();
    if (this.#at >= this.#text.length) return this.#fault(endedEarly);
    if (this.#text[this.#at] !== ':') return this.#fault("a ':' was expected after the property name");
    this.#at++;
    return undefined;
  }

  #string(): Fault | undefined {
    this.#at++;
    for (;;) {
      const char = this.#text[this.#at];
      if (char === undefined) return this.#fault(endedEarly);
      if (char === '"') {
        this.#at++;
        return undefined;
      }
      if (char < ' ') return this.#fault('a string holds a line break or another control character, which JSON writes as an escape such as \\n');
      if (char === '\\') {
        const escaped = this.#text[this.#at + 1];
        if (escaped === undefined) return this.#fault(endedEarly);
        if (escaped === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(this.#text.slice(this.#at + 2, this.#at + 6))) return this.#fault('a \\u escape needs four hexadecimal digits');
          this.#at += 6;
          continue;
        }
        if (!'"\\/bfnrt'.includes(escaped)) return this.#fault('a string holds an escape JSON does not have');
        this.#at += 2;
        continue;
      }
      this.#at++;
    }
  }

  #number(): Fault | undefined {
    jsonNumber.lastIndex = this.#at;
    this.#at += jsonNumber.exec(this.#text)?.[0].length ?? 0;
    // A number stops at the first character it cannot take; one that stops at something numeric ("01", "1.", "-")
    // is malformed there.
    const next = this.#text[this.#at];
    if (next === undefined || !/[0-9.eE+-]/.test(next)) return undefined;
    return this.#fault('a number is not written as JSON writes numbers');
  }

  #skipWhitespace(): void {
    while (this.#at < this.#text.length && ' \t\n\r'.includes(this.#text[this.#at] ?? '')) this.#at++;
  }

  #fault(problem: string): Fault {
    return { offset: this.#at, problem };
  }
}

function isDigit(char: string): boolean {
  return char >= '0' && char <= '9';
}

/** Lines end at "\n" (a "\r" before it belongs to the break); columns count code points, as editors do. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) {
    line++;
    lineStart = index + 1;
  }
  let column = 1;
  for (const _ of text.slice(lineStart, offset)) column++;
  return { line, column };
}
