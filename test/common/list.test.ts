import { describe, expect, it } from 'vitest';
import { parseItem, parseList, readMonitor } from '../../common/api/index.ts';

describe('parseList', () => {
  it('reads every object in an array', () => {
    const result = parseList(readMonitor, [{ id: 'a' }, { id: 'b' }]);
    expect(result).toEqual({ ok: true, items: [{ id: 'a' }, { id: 'b' }], issues: [] });
  });

  it('reads an empty array', () => {
    expect(parseList(readMonitor, [])).toEqual({ ok: true, items: [], issues: [] });
  });

  it.each([[{ monitors: [] }], [null], ['[]'], [42], [undefined]])('refuses a body that is not an array: %j', (json) => {
    const result = parseList(readMonitor, json);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('expected_array');
      expect(result.error.message).toMatch(/^expected a JSON array, got /);
    }
  });

  it('skips items that are not objects, reporting their index, and keeps the rest', () => {
    const result = parseList(readMonitor, [null, 'x', { id: 'keep' }, 7, [], true]);
    expect(result).toEqual({
      ok: true,
      items: [{ id: 'keep' }],
      issues: [
        { path: [0], message: 'skipped: expected an object, got null' },
        { path: [1], message: 'skipped: expected an object, got string' },
        { path: [3], message: 'skipped: expected an object, got number' },
        { path: [4], message: 'skipped: expected an object, got array' },
        { path: [5], message: 'skipped: expected an object, got boolean' },
      ],
    });
  });

  it('reports bad fields under the index of their item', () => {
    const result = parseList(readMonitor, [{ id: 'a' }, { id: 'b', frequency: '60' }]);
    expect(result.ok && result.issues).toEqual([{ path: [1, 'frequency'], message: 'expected an integer, got string' }]);
    expect(result.ok && result.items[1]).toEqual({ id: 'b' });
  });
});

describe('parseItem', () => {
  it('reads one object', () => {
    expect(parseItem(readMonitor, { id: 7, name: 'Site' })).toEqual({
      ok: true,
      item: { id: '7', name: 'Site' },
      issues: [],
    });
  });

  it('reports field issues with the bare field path', () => {
    const result = parseItem(readMonitor, { name: 5 });
    expect(result.ok && result.issues).toEqual([{ path: ['name'], message: 'expected a string, got number' }]);
  });

  it.each([[[]], [null], ['{}'], [0]])('refuses a body that is not an object: %j', (json) => {
    const result = parseItem(readMonitor, json);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('expected_object');
  });
});
