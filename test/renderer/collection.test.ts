// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createCollection } from '../../renderer/state/collection.ts';
import { useNotices } from '../../renderer/state/notices-store.ts';
import { usePendingWrites } from '../../renderer/state/pending-writes.ts';

interface Item {
  id: string;
  name: string;
}

function collection(now = () => 1000) {
  return createCollection<Item>({ keyOf: (item) => item.id, noun: 'thing', now });
}

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('createCollection', () => {
  it('shows an added item at once as saving, then the server’s version', async () => {
    const store = collection();
    store.getState().setBase('local', [{ id: 'a', name: 'A' }], 500);
    // Counted from here: a delete another test left waiting stays pending in the page's one count.
    const pendingBefore = usePendingWrites.getState().count;
    const call = deferred<Item>();
    const adding = store.getState().add('local', { id: 'tmp', name: 'B' }, () => call.promise);
    expect(store.getState().rows).toMatchObject([{ key: 'local/a' }, { item: { name: 'B' }, saving: true }]);
    expect(usePendingWrites.getState().count).toBe(pendingBefore + 1);
    call.resolve({ id: 'b', name: 'B' });
    await adding;
    expect(store.getState().rows).toEqual([
      { key: 'local/a', connectionId: 'local', item: { id: 'a', name: 'A' }, saving: false },
      { key: 'local/b', connectionId: 'local', item: { id: 'b', name: 'B' }, saving: false },
    ]);
    expect(usePendingWrites.getState().count).toBe(pendingBefore);
  });

  it('keeps a confirmed change over older lists and lets it go once a newer list has it', async () => {
    const store = collection(() => 2000);
    store.getState().setBase('local', [{ id: 'a', name: 'A' }], 1000);
    await store.getState().update('local', 'local/a', { id: 'a', name: 'A2' }, async () => ({ id: 'a', name: 'A2' }));
    // A poll that started before the change answers after it: still shows the change.
    store.getState().setBase('local', [{ id: 'a', name: 'A' }], 1500);
    expect(store.getState().rows).toMatchObject([{ item: { name: 'A2' } }]);
    store.getState().setBase('local', [{ id: 'a', name: 'A2 from server' }], 2500);
    expect(store.getState().rows).toMatchObject([{ item: { name: 'A2 from server' } }]);
    expect(store.getState().entries).toEqual([]);
  });

  it('rolls a failed change back, says why, and rejects so the form keeps its input', async () => {
    const store = collection();
    store.getState().setBase('local', [{ id: 'a', name: 'A' }], 500);
    const failure = Object.assign(new Error('The server refused it.'), { code: 'failed' });
    await expect(store.getState().remove('local', 'local/a', () => Promise.reject(failure))).rejects.toBe(failure);
    expect(store.getState().rows).toMatchObject([{ key: 'local/a', saving: false }]);
    expect(useNotices.getState().notices.at(-1)).toMatchObject({ tone: 'error', text: 'The thing was not deleted: The server refused it.' });
  });

  it('hides a removed row while the delete runs', () => {
    const store = collection();
    store.getState().setBase('local', [{ id: 'a', name: 'A' }, { id: 'b', name: 'B' }], 500);
    void store.getState().remove('local', 'local/a', () => new Promise(() => undefined));
    expect(store.getState().rows.map((row) => row.key)).toEqual(['local/b']);
  });

  it('forgets everything on reset (another server)', async () => {
    const store = collection();
    store.getState().setBase('local', [{ id: 'a', name: 'A' }], 500);
    store.getState().reset();
    expect(store.getState()).toMatchObject({ rows: [], entries: [] });
    expect(store.getState().bases.size).toBe(0);
  });

  it('keeps each server’s rows apart: the same id on two servers is two rows, each list replaced on its own', () => {
    const store = collection();
    store.getState().setBase('local', [{ id: 'a', name: 'Local A' }], 500);
    store.getState().setBase('work', [{ id: 'a', name: 'Work A' }], 700);
    expect(store.getState().rows.map((row) => [row.key, row.item.name])).toEqual([['local/a', 'Local A'], ['work/a', 'Work A']]);
    // A slow answer of one server is judged by that server's own list, not the other's newer one.
    store.getState().setBase('local', [{ id: 'a', name: 'Local A2' }], 600);
    expect(store.getState().rows.map((row) => row.item.name)).toEqual(['Local A2', 'Work A']);
  });

  it('lets a confirmed change go only when its own server’s newer list arrives', async () => {
    const store = collection(() => 2000);
    store.getState().setBase('local', [{ id: 'a', name: 'A' }], 1000);
    store.getState().setBase('work', [], 1000);
    await store.getState().update('local', 'local/a', { id: 'a', name: 'A2' }, async () => ({ id: 'a', name: 'A2' }));
    store.getState().setBase('work', [], 3000);
    expect(store.getState().rows).toMatchObject([{ item: { name: 'A2' } }]);
    store.getState().setBase('local', [{ id: 'a', name: 'A' }], 3000);
    expect(store.getState().rows).toMatchObject([{ item: { name: 'A' } }]);
  });

  it('forgets a server no longer watched, with its changes, and keeps the others in the order given', () => {
    const store = collection();
    store.getState().setBase('local', [{ id: 'a', name: 'A' }], 500);
    store.getState().setBase('work', [{ id: 'b', name: 'B' }], 500);
    void store.getState().add('work', { id: 'tmp', name: 'C' }, () => new Promise(() => undefined));
    store.getState().keepServers(['local']);
    expect(store.getState().rows.map((row) => row.key)).toEqual(['local/a']);
    expect(store.getState().entries).toEqual([]);
  });
});
