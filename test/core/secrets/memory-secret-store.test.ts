import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../main/core/secrets/memory-secret-store.ts';

describe('MemorySecretStore', () => {
  it('says what it is', () => {
    expect(new MemorySecretStore().kind).toBe('memory');
  });

  it('stores, overwrites, reads back and deletes secrets per account', async () => {
    const store = new MemorySecretStore();
    await store.set('c1', 'first');
    await store.set('c2', 'other ✓ 🔑');
    await store.set('c1', 'second');
    expect(await store.get('c1')).toBe('second');
    expect(await store.get('c2')).toBe('other ✓ 🔑');
    expect(await store.delete('c1')).toBe(true);
    expect(await store.get('c1')).toBeUndefined();
    expect(await store.delete('c1')).toBe(false);
  });

  it('reports a missing secret as undefined', async () => {
    expect(await new MemorySecretStore().get('never-set')).toBeUndefined();
  });

  it('keeps each store to itself (nothing outlives the session)', async () => {
    const first = new MemorySecretStore();
    await first.set('c1', 'token');
    expect(await new MemorySecretStore().get('c1')).toBeUndefined();
  });

  it('refuses an empty account or secret, which only a bug could pass', async () => {
    const store = new MemorySecretStore();
    await expect(store.get('')).rejects.toThrow(TypeError);
    await expect(store.set('c1', '')).rejects.toThrow('A secret must not be empty; delete it instead.');
    await expect(store.delete('')).rejects.toThrow(TypeError);
  });

  it('writes nothing to disk, even with the working folder and HOME pointing at an empty folder', async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'vigil-memory-'));
    const before = { cwd: process.cwd(), home: process.env.HOME };
    try {
      process.chdir(home);
      process.env.HOME = home;
      const store = new MemorySecretStore();
      await store.set('c1', 'x'.repeat(4096));
      expect(await store.get('c1')).toHaveLength(4096);
      expect(readdirSync(home)).toEqual([]);
    } finally {
      process.chdir(before.cwd);
      process.env.HOME = before.home;
      rmSync(home, { recursive: true, force: true });
    }
  });
});
