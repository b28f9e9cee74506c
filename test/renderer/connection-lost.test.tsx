// @vitest-environment happy-dom
// Browser mode after Vigil stopped: the page says so plainly, since when its data is, and offers "Try now"; after
// a new launch it says to open the address Vigil printed; connected again, it catches up at once.
import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatClockTime } from '../../common/format/clock-time.ts';
import { ConnectionLost } from '../../renderer/components/connection-lost.tsx';
import { followConnection } from '../../renderer/state/connection-store.ts';
import { useNow } from '../../renderer/state/now-store.ts';
import type { ContractLink, LinkState } from '../../renderer/transport/websocket-vigil-api.ts';
import { fakeApi, status } from './renderer-harness.tsx';

const NOW = Date.UTC(2026, 10, 28, 13, 53);

function fakeLink() {
  let state: LinkState = { state: 'connected' };
  const listeners = new Set<(state: LinkState) => void>();
  let retries = 0;
  const link: ContractLink = {
    current: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reconnectNow: () => retries++,
  };
  return {
    link,
    retries: () => retries,
    set(next: LinkState) {
      state = next;
      act(() => {
        for (const listener of listeners) listener(next);
      });
    },
  };
}

describe('the page without its connection to Vigil', () => {
  it('says Vigil stopped and since when its data is, retries on "Try now", and catches up once back', async () => {
    const fake = fakeApi({ getStatus: async () => status() });
    useNow.setState({ now: NOW + 60_000 });
    const socket = fakeLink();
    followConnection(socket.link);
    render(<ConnectionLost />);
    expect(screen.queryByRole('alert')).toBeNull();

    socket.set({ state: 'lost', since: NOW });
    expect(screen.getByRole('alert').textContent).toBe('Vigil has stopped, or this page lost its connection to it.');
    expect(screen.getByText(/^What this page shows is as of/).textContent).toBe(
      `What this page shows is as of ${formatClockTime(NOW, NOW + 60_000)} and no longer updates. Reconnecting by itself as soon as Vigil runs again.`,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try now' }));
    expect(socket.retries()).toBe(1);

    socket.set({ state: 'refused', since: NOW });
    expect(screen.getByRole('alert').textContent).toBe('Vigil was started again, so this page needs its new address.');
    expect(screen.getByText(/Open the address Vigil printed/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try now' })).toBeNull();

    socket.set({ state: 'connected' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fake.calls.map((call) => call.method)).toEqual(['getStatus']);
  });
});
