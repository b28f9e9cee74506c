import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { repairValue } from '../../../main/core/storage/repair-value.ts';

const item = z.object({ id: z.string().min(1), size: z.number().int().min(0).max(10) });
const schema = z
  .object({
    count: z.number().int().min(1).max(5).default(3),
    label: z.string().optional(),
    nested: z.object({ on: z.boolean().default(true), level: z.number().min(0).default(1) }).prefault({}),
    items: z.array(item).default(() => []),
    pick: z.string().optional(),
  })
  .check((context) => {
    const { pick, items } = context.value;
    if (pick !== undefined && !items.some((entry) => entry.id === pick)) {
      context.issues.push({ code: 'custom', message: 'must name an item', path: ['pick'], input: pick });
    }
  });
const defaults = schema.parse({});

describe('repairValue', () => {
  it('leaves a valid value alone, defaults filled in, with no fixes', () => {
    expect(repairValue(schema, defaults, { count: 2 })).toEqual({ value: { ...defaults, count: 2 }, fixes: [] });
  });

  it('resets only the invalid field to its default and says so', () => {
    const { value, fixes } = repairValue(schema, defaults, { count: 9, label: 'kept' });
    expect(value).toEqual({ ...defaults, count: 3, label: 'kept' });
    expect(fixes).toEqual([expect.stringMatching(/^count .* \(reset to the default\)$/)]);
  });

  it('resets a nested field without touching its siblings', () => {
    const { value } = repairValue(schema, defaults, { nested: { on: false, level: -1 } });
    expect(value.nested).toEqual({ on: false, level: 1 });
  });

  it('removes only the invalid items of a list', () => {
    const raw = { items: [{ id: 'a', size: 1 }, { id: 'b', size: 99 }, null, { id: 'c', size: 2 }] };
    const { value, fixes } = repairValue(schema, defaults, raw);
    expect(value.items.map((entry) => entry.id)).toEqual(['a', 'c']);
    expect(fixes).toEqual([
      expect.stringContaining('(items[1] removed)'),
      expect.stringContaining('(items[2] removed)'),
    ]);
  });

  it('follows a repair that leaves a dangling reference with a second one', () => {
    const { value, fixes } = repairValue(schema, defaults, { items: [{ id: 'a', size: -5 }], pick: 'a' });
    expect(value).toEqual(defaults);
    expect(fixes).toHaveLength(2);
    expect(fixes[1]).toMatch(/^pick must name an item \(reset to the default\)$/);
  });

  it('drops a field that has no default instead of inventing a value', () => {
    expect(repairValue(schema, defaults, { label: 42 }).value).not.toHaveProperty('label');
  });

  it.each([[null], [[1, 2]], ['text'], [7]])('resets everything when the value is not an object: %j', (raw) => {
    const { value, fixes } = repairValue(schema, defaults, raw);
    expect(value).toEqual(defaults);
    expect(fixes).toEqual([expect.stringContaining('everything reset to the defaults')]);
  });

  it('does not change the value it was given', () => {
    const raw = { count: 9, items: [{ id: '', size: 1 }] };
    const copy = structuredClone(raw);
    repairValue(schema, defaults, raw);
    expect(raw).toEqual(copy);
  });

  it('always ends with a value the schema accepts, whatever JSON it is given (property)', () => {
    const field = fc.oneof(fc.jsonValue(), fc.integer({ min: -2, max: 12 }), fc.boolean());
    const raw = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          count: field,
          label: field,
          nested: fc.oneof(field, fc.record({ on: field, level: field }, { requiredKeys: [] })),
          items: fc.oneof(field, fc.array(fc.oneof(field, fc.record({ id: fc.string(), size: field })))),
          pick: fc.oneof(field, fc.constantFrom('a', 'b')),
        },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(raw, (input) => {
        const { value } = repairValue(schema, defaults, input);
        expect(schema.safeParse(value).success).toBe(true);
      }),
    );
  });
});
