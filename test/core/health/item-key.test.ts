import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { domainKey, heartbeatKey, monitorKey, parseItemKey } from '../../../main/core/health/index.ts';

describe('item keys', () => {
  it('are the kind and the id', () => {
    expect(monitorKey({ id: 'mon_1' })).toBe('monitor:mon_1');
    expect(heartbeatKey({ id: '42' })).toBe('heartbeat:42');
    expect(domainKey({ id: 'dom_x' })).toBe('domain:dom_x');
  });

  it('fall back to the name for items the server sent without an id', () => {
    expect(monitorKey({ name: 'API' })).toBe('monitor?name=API');
    expect(monitorKey({ url: 'https://a.example' })).toBe('monitor?name=https://a.example');
    expect(heartbeatKey({ slug: 'abc' })).toBe('heartbeat?name=abc');
    expect(domainKey({ domain: 'example.com' })).toBe('domain?name=example.com');
  });

  it('never let a name key collide with an id key', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }), (name, id) => {
        expect(monitorKey({ name })).not.toBe(monitorKey({ id }));
      }),
    );
  });

  it('parse back to what they point at', () => {
    fc.assert(
      fc.property(fc.constantFrom('monitor', 'heartbeat', 'domain'), fc.string({ minLength: 1 }), (kind, id) => {
        expect(parseItemKey(`${kind}:${id}`)).toEqual({ kind, id });
      }),
    );
    expect(parseItemKey('domain?name=example.com')).toEqual({ kind: 'domain', name: 'example.com' });
    expect(parseItemKey('monitor:a:b')).toEqual({ kind: 'monitor', id: 'a:b' });
    expect(parseItemKey('handler:1')).toBeUndefined();
    expect(parseItemKey('monitor:')).toBeUndefined();
  });
});
