import { describe, expect, it } from 'vitest';
import { COLLECTIONS, collectionPath, resourcePath } from '../../common/api/index.ts';

const BASE = 'https://vigil.example/api';

describe('resourcePath', () => {
  it('builds /<collection>/<id> for every collection', () => {
    for (const collection of COLLECTIONS) {
      expect(collectionPath(collection)).toBe(`/${collection}`);
      expect(resourcePath(collection, 'abc_123')).toBe(`/${collection}/abc_123`);
    }
  });

  it.each([
    ['a b', 'a%20b'],
    ['a/b', 'a%2Fb'],
    ['ü', '%C3%BC'],
    ['%2F', '%252F'],
    ['?x#y', '%3Fx%23y'],
    ['🦊', '%F0%9F%A6%8A'],
    ['...', '...'],
    ['.%2E', '.%252E'],
    ['a\\b', 'a%5Cb'],
    ['42', '42'],
  ])('encodes the id %j as one segment %s', (id, segment) => {
    expect(resourcePath('monitors', id)).toBe(`/monitors/${segment}`);
  });

  it.each(['a b', 'a/b', 'ü', '..x', '%2F', '%2E%2E', '?x#y', '🦊', '...', 'a\\b', ' ', '../../admin'])(
    'keeps the id %j inside its collection once a URL parser has read it',
    (id) => {
      const url = new URL(BASE + resourcePath('monitors', id));
      expect(url.pathname.startsWith('/api/monitors/')).toBe(true);
      expect(url.search).toBe('');
      expect(url.hash).toBe('');
      expect(decodeURIComponent(url.pathname.slice('/api/monitors/'.length))).toBe(id);
    },
  );

  it.each(['.', '..'])('refuses the id %j, which URL parsers would resolve away', (id) => {
    expect(() => resourcePath('monitors', id)).toThrow(/cannot be put in a URL path/);
  });

  it('refuses an empty id', () => {
    expect(() => resourcePath('heartbeats', '')).toThrow('Cannot build a path in /heartbeats: the id is empty.');
  });

  it('refuses an id with an unpaired surrogate with a clear message', () => {
    expect(() => resourcePath('domains', 'a\uD800')).toThrow(/unpaired surrogate/);
  });
});
