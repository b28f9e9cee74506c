import { describe, expect, it } from 'vitest';
import { failureClass } from '../../../main/core/health/index.ts';

describe('failureClass', () => {
  it.each([
    ['unreachable', 'offline'],
    ['timeout', 'offline'],
    ['server-error', 'offline'],
    ['protocol-error', 'offline'],
    ['unauthorized', 'signed-out'],
    ['forbidden', 'setup'],
    ['not-found', 'setup'],
    ['bad-request', 'setup'],
    ['insecure', 'setup'],
    ['rate-limited', 'transient'],
    ['cancelled', 'transient'],
  ] as const)('%s is %s', (kind, failure) => {
    expect(failureClass(kind)).toBe(failure);
  });
});
