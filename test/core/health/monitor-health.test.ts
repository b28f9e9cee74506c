import { describe, expect, it } from 'vitest';
import { monitorStatusOf } from '../../../common/api/index.ts';
import { monitorHealth } from '../../../main/core/health/index.ts';

describe('monitorHealth', () => {
  it.each([
    ['down', 'critical'],
    ['up', 'ok'],
    ['unknown', 'warning'],
    ['paused', 'warning'],
    [undefined, 'warning'],
  ])('last_status %j is %s', (status, health) => {
    expect(monitorHealth(monitorStatusOf({ last_status: status }))).toBe(health);
  });
});
