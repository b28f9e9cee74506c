import { describe, expect, it } from 'vitest';
import { isEmailAddress } from '../../common/api/index.ts';

describe('isEmailAddress', () => {
  it.each(['ops@example.com', 'first.last+tag@mail.example.co.uk', "o'brien@example.ie", 'x@xn--bcher-kva.example'])(
    'accepts %s',
    (address) => expect(isEmailAddress(address)).toBe(true),
  );

  it.each([
    '',
    'ops',
    '@example.com',
    'ops@',
    'ops@localhost',
    'ops@example..com',
    'a@b@example.com',
    '.ops@example.com',
    'ops.@example.com',
    'o..ps@example.com',
    'ops @example.com',
    '"ops"@example.com',
    'ops@[192.0.2.1]',
    'a@example.com, b@example.com',
    `${'a'.repeat(65)}@example.com`,
    // 255 characters, though the 253-character domain alone is a valid host name
    `a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(61)}`,
  ])('rejects %j', (address) => expect(isEmailAddress(address)).toBe(false));
});
