import { describe, expect, it } from 'vitest';
import { CliError } from '../../common/cli/cli-error.ts';
import { parseFlags, parsePort } from '../../common/cli/parse-flags.ts';

const spec = { 'base-url': { type: 'string' }, json: { type: 'boolean' } } as const;

describe('parseFlags', () => {
  it.each([
    [[], {}],
    [['--json'], { json: true }],
    [['--base-url', 'http://x/api'], { 'base-url': 'http://x/api' }],
    [['--base-url=http://x/api?a=b', '--json'], { 'base-url': 'http://x/api?a=b', json: true }],
    [['--base-url='], { 'base-url': '' }],
  ])('%j → %j', (args, expected) => expect(parseFlags('status', args, spec)).toEqual(expected));

  it.each([
    [['--bogus'], 'vigil status: unknown option "--bogus"'],
    [['stray'], 'vigil status: unexpected argument "stray"'],
    [['--base-url'], 'vigil status: --base-url needs a value'],
    [['--base-url', '--json'], 'vigil status: --base-url needs a value'],
    [['--json=yes'], 'vigil status: --json takes no value'],
    [['-j'], 'vigil status: unexpected argument "-j"'],
  ])('%j is refused: %s', (args, message) => {
    expect(() => parseFlags('status', args, spec)).toThrow(new CliError(message));
  });
});

describe('parsePort', () => {
  it('accepts 0..65535 and refuses anything else', () => {
    expect(parsePort('0')).toBe(0);
    expect(parsePort('65535')).toBe(65535);
    expect(parsePort(undefined)).toBeUndefined();
    for (const bad of ['65536', '-1', 'eighty', '', '1e3']) expect(() => parsePort(bad)).toThrow(CliError);
  });
});
