import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationDetails } from '../../common/api/index.ts';

describe('validationDetails', () => {
  it('gives one detail per field, the first issue, with a dotted path', () => {
    const schema = z.object({
      name: z.string().min(3, 'too short').regex(/^[a-z]+$/, 'lower case only'),
      nested: z.object({ count: z.number('must be a number') }),
    });
    const { error } = schema.safeParse({ name: 'A', nested: { count: 'x' } });
    expect(error && validationDetails(error)).toEqual([
      { field: 'name', message: 'too short' },
      { field: 'nested.count', message: 'must be a number' },
    ]);
  });

  it('names the body as a whole with an empty field', () => {
    const { error } = z.object({}, { error: 'the request body must be a JSON object' }).safeParse(null);
    expect(error && validationDetails(error)).toEqual([{ field: '', message: 'the request body must be a JSON object' }]);
  });
});
