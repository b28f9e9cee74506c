import { describe, expect, it } from 'vitest';
import { itemOpener } from '../../main/electron/app/item-opener.ts';

function setUp(open: boolean) {
  const calls: string[] = [];
  let loaded: (() => void) | undefined;
  const openItem = itemOpener({
    isOpen: () => open,
    show: () => calls.push('show'),
    whenLoaded: (deliver) => (loaded = deliver),
    sendOpenItem: (key) => calls.push(`open ${key}`),
  });
  return { calls, openItem, load: () => loaded?.() };
}

describe('itemOpener', () => {
  it('shows an open window and sends the item at once', () => {
    const { calls, openItem } = setUp(true);
    openItem('monitor:mon_1');
    expect(calls).toEqual(['show', 'open monitor:mon_1']);
  });

  it('sends the item to a window just created only once its page has loaded', () => {
    const { calls, openItem, load } = setUp(false);
    openItem('domain:dom_1');
    expect(calls).toEqual(['show']);
    load();
    expect(calls).toEqual(['show', 'open domain:dom_1']);
  });

  it('only shows the window when there is no item', () => {
    const { calls, openItem } = setUp(true);
    openItem();
    expect(calls).toEqual(['show']);
  });
});
