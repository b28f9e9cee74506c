// Values by item key, found by what an item carries: its kind and id, or its key when the server sent no id.
import { describe, expect, it } from 'vitest';
import { assessMonitor, ItemKeyIndex } from '../../../main/core/health/index.ts';
import { monitor } from '../alerts/fixtures.ts';

describe('ItemKeyIndex', () => {
  const index = new ItemKeyIndex([
    ['monitor:a', 'by id'],
    ['heartbeat:a', 'a heartbeat'],
    ['monitor?name=Monitor x', 'by name'],
  ]);

  it('finds an item with an id by its kind and id, never by its name', () => {
    expect(index.find('monitor', 'a', undefined)).toBe('by id');
    expect(index.find('heartbeat', 'a', undefined)).toBe('a heartbeat');
    expect(index.find('domain', 'a', undefined)).toBeUndefined();
    expect(index.of(assessMonitor(monitor('a', 'up')))).toBe('by id');
    expect(index.of(assessMonitor(monitor('x', 'up')))).toBeUndefined();
  });

  it('finds an item without an id by its key', () => {
    expect(index.of(assessMonitor({ ...monitor('x', 'up'), id: undefined }))).toBe('by name');
    expect(index.find('monitor', undefined, undefined)).toBeUndefined();
  });
});
