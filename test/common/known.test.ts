import { describe, expect, it } from 'vitest';
import { handlerTypeOf, monitorStatusOf, monitorTypeOf } from '../../common/api/index.ts';

describe('monitorStatusOf', () => {
  it.each(['up', 'down', 'unknown'] as const)('keeps the known status %s', (status) => {
    expect(monitorStatusOf({ last_status: status })).toBe(status);
  });

  it.each([['paused'], ['UP'], [''], [undefined]])('treats %j as unknown', (status) => {
    expect(monitorStatusOf({ last_status: status })).toBe('unknown');
  });
});

describe('monitorTypeOf', () => {
  it.each(['http', 'tcp', 'udp', 'ping', 'dns'] as const)('keeps the known type %s', (type) => {
    expect(monitorTypeOf({ type })).toBe(type);
  });

  it.each([['smtp'], ['DNS'], [undefined]])('treats %j as unknown', (type) => {
    expect(monitorTypeOf({ type })).toBe('unknown');
  });
});

describe('handlerTypeOf', () => {
  it('knows the local handler types', () => {
    expect(handlerTypeOf({ type: 'email' })).toBe('email');
    expect(handlerTypeOf({ type: 'webhook' })).toBe('webhook');
  });

  it('calls any other type unknown', () => {
    expect(handlerTypeOf({ type: 'slack' })).toBe('unknown');
    expect(handlerTypeOf({})).toBe('unknown');
  });
});
