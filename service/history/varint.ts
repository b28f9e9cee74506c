// Variable-length integers for the history's packed rows: 7 bits a byte, the high bit set on every byte but the
// last, so a check's usual small numbers take one or two bytes. Arithmetic rather than bit operators, because
// epoch milliseconds need more than 32 bits. Signed values go through zigzag (0, -1, 1, -2 … → 0, 1, 2, 3 …).

export class ByteWriter {
  #bytes = new Uint8Array(64);
  #length = 0;

  uint(value: number): void {
    if (!(Number.isSafeInteger(value) && value >= 0)) throw new RangeError(`not a whole number >= 0: ${value}`);
    let rest = value;
    while (rest >= 0x80) {
      this.#push((rest % 0x80) + 0x80);
      rest = Math.floor(rest / 0x80);
    }
    this.#push(rest);
  }

  int(value: number): void {
    this.uint(value >= 0 ? value * 2 : -value * 2 - 1);
  }

  get length(): number {
    return this.#length;
  }

  /** A copy of what was written. */
  bytes(): Uint8Array {
    return this.#bytes.slice(0, this.#length);
  }

  #push(byte: number): void {
    if (this.#length === this.#bytes.length) {
      const grown = new Uint8Array(this.#bytes.length * 2);
      grown.set(this.#bytes);
      this.#bytes = grown;
    }
    this.#bytes[this.#length++] = byte;
  }
}

export class ByteReader {
  readonly #bytes: Uint8Array;
  #offset = 0;

  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
  }

  get done(): boolean {
    return this.#offset >= this.#bytes.length;
  }

  uint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = this.#bytes[this.#offset++];
      if (byte === undefined) throw new RangeError('a packed history row ends in the middle of a number');
      value += (byte % 0x80) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
    }
  }

  int(): number {
    const zigzag = this.uint();
    return zigzag % 2 === 0 ? zigzag / 2 : -(zigzag + 1) / 2;
  }
}
