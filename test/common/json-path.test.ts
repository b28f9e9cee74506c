import { describe, expect, it } from 'vitest';
import { lookUpJsonPath, parseJsonPath } from '../../common/api/json-path.ts';

function lookUp(document: unknown, path: string) {
  const parsed = parseJsonPath(path);
  if (!parsed.ok) throw new Error(parsed.message);
  return lookUpJsonPath(document, parsed.steps);
}

describe('parseJsonPath', () => {
  it.each([
    ['$', []],
    ['$.status', [{ name: 'status' }]],
    ['$.checks[0].name', [{ name: 'checks' }, { index: 0 }, { name: 'name' }]],
    ["$['key with spaces']", [{ name: 'key with spaces' }]],
    ['$["a.b"]["c\\"d"]', [{ name: 'a.b' }, { name: 'c"d' }]],
    ["$['it\\'s']", [{ name: "it's" }]],
    ['$.data-set[12]', [{ name: 'data-set' }, { index: 12 }]],
    ['$._x.$y', [{ name: '_x' }, { name: '$y' }]],
  ])('reads %s', (path, steps) => {
    expect(parseJsonPath(path)).toEqual({ ok: true, steps });
  });

  it.each([
    ['status', 'must start with $'],
    ['', 'must start with $'],
    ['$.', 'must be a path like'],
    ['$..status', 'must be a path like'],
    ['$.a b', 'must be a path like'],
    ['$[*]', 'an index is a whole number from 0'],
    ['$[-1]', 'an index is a whole number from 0'],
    ['$[01]', 'an index is a whole number from 0'],
    ['$[?(@.x)]', 'an index is a whole number from 0'],
    ["$['open", 'must be a path like'],
    ["$['a'", 'must be a path like'],
    ['$.status()', 'must be a path like'],
    [`$.${'a'.repeat(200)}`, 'must be at most 200 characters'],
  ])('refuses %j with a message saying how a path looks', (path, message) => {
    const parsed = parseJsonPath(path);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(message);
  });
});

describe('lookUpJsonPath', () => {
  const document = { status: 'ok', checks: [{ name: 'db', ok: true }], 'a b': null, nested: { deep: [1, [2, 3]] } };

  it('finds members, elements and the whole document', () => {
    expect(lookUp(document, '$.status')).toEqual({ found: true, value: 'ok' });
    expect(lookUp(document, '$.checks[0].ok')).toEqual({ found: true, value: true });
    expect(lookUp(document, "$['a b']")).toEqual({ found: true, value: null });
    expect(lookUp(document, '$.nested.deep[1][0]')).toEqual({ found: true, value: 2 });
    expect(lookUp(document, '$')).toEqual({ found: true, value: document });
  });

  it('finds nothing past the end, in the wrong kind of value, or up the prototype chain', () => {
    expect(lookUp(document, '$.checks[1]')).toEqual({ found: false });
    expect(lookUp(document, '$.status.length')).toEqual({ found: false });
    expect(lookUp(document, '$.checks.name')).toEqual({ found: false });
    expect(lookUp(document, '$.nested[0]')).toEqual({ found: false });
    expect(lookUp(document, '$.toString')).toEqual({ found: false });
    expect(lookUp(document, '$.missing')).toEqual({ found: false });
  });
});
