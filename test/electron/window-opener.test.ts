import { describe, expect, it } from 'vitest';
import { windowOpener } from '../../main/electron/app/window-opener.ts';

function setUp(open: boolean) {
  const calls: string[] = [];
  let loaded: (() => void) | undefined;
  const openItem = windowOpener<string>({
    isOpen: () => open,
    show: () => calls.push('show'),
    whenLoaded: (deliver) => (loaded = deliver),
    send: (key) => calls.push(`open ${key}`),
  });
  return { calls, openItem, load: () => loaded?.() };
}

describe('windowOpener', () => {
  it('shows an open window and sends the item at once', () => {
    const { calls, openItem } = setUp(true);
    openItem('work/monitor:mon_1');
    expect(calls).toEqual(['show', 'open work/monitor:mon_1']);
  });

  it('sends the item to a window just created only once its page has loaded', () => {
    const { calls, openItem, load } = setUp(false);
    openItem('local/domain:dom_1');
    expect(calls).toEqual(['show']);
    load();
    expect(calls).toEqual(['show', 'open local/domain:dom_1']);
  });

  it('only shows the window when there is no item', () => {
    const { calls, openItem } = setUp(true);
    openItem();
    expect(calls).toEqual(['show']);
  });
});
