// Component tests' harness: a fake contract API (every method a recorded stub answering from `answers`), the
// stores reset between tests, and Testing Library's cleanup (vitest runs without globals, so it is not automatic).
import { cleanup, render } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, vi } from 'vitest';
import { methodNames, windowEventNames, type EventPayload, type VigilApi, type VigilCallError, type VigilCalls, type VigilMethod, type WindowEvent } from '../../common/ipc/contract.ts';
import { setVigilApi } from '../../renderer/api/vigil-api.ts';
import { useDrafts } from '../../renderer/state/drafts-store.ts';
import { useListHistory } from '../../renderer/state/list-history-store.ts';
import { useListPreferences } from '../../renderer/state/list-preferences.ts';
import { useNavigation } from '../../renderer/state/navigation-store.ts';
import { useNotices } from '../../renderer/state/notices-store.ts';
import { usePendingWrites } from '../../renderer/state/pending-writes.ts';
import { useDomains, useHandlers, useHeartbeats, useMonitors } from '../../renderer/state/resources.ts';
import { useOverviewPreferences } from '../../renderer/state/overview-preferences.ts';
import { useLastServerChoice } from '../../renderer/state/server-choice.ts';
import { useStatus } from '../../renderer/state/status-store.ts';
import { useUnsavedChanges } from '../../renderer/state/unsaved-changes.ts';
import { useConnection } from '../../renderer/state/connection-store.ts';
import { itemRules } from './calm-fixtures.ts';

export { status } from './status-fixtures.ts';

/** Renders `ui` for a person to use it: user-event's keyboard and pointer, set up before the render as its docs ask. */
export function renderForUser(ui: ReactElement): UserEvent {
  const user = userEvent.setup();
  render(ui);
  return user;
}

export interface FakeApi {
  api: VigilApi;
  calls: { method: VigilMethod; args: unknown[] }[];
  emit<E extends WindowEvent>(event: E, payload: EventPayload<E>): void;
}

/** What every page asks that most tests do not care about: an item's rules as nobody changed them. */
const quietDefaults: Partial<VigilCalls> = { getItemRules: async (itemKey: string) => itemRules(itemKey) };

/** A VigilApi whose methods resolve with `answers[method]` (called with the arguments), a quiet default, or undefined. */
export function fakeApi(given: Partial<VigilCalls> = {}): FakeApi {
  const answers = { ...quietDefaults, ...given };
  const calls: FakeApi['calls'] = [];
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const api: Record<string, unknown> = {};
  for (const method of methodNames) {
    api[method] = vi.fn(async (...args: unknown[]) => {
      calls.push({ method, args });
      const answer = answers[method] as ((...args: unknown[]) => Promise<unknown>) | undefined;
      return answer === undefined ? undefined : answer(...args);
    });
  }
  for (const event of windowEventNames) {
    api[event] = (listener: (payload: unknown) => void) => {
      let set = listeners.get(event);
      if (set === undefined) listeners.set(event, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    };
  }
  const fake: FakeApi = {
    api: api as VigilApi,
    calls,
    emit: (event, payload) => {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
  };
  setVigilApi(fake.api);
  return fake;
}

/** A call failure as both transports deliver it: the plain VigilCallError. */
export function callError(message: string, details?: { field: string; message: string }[]): VigilCallError {
  return details === undefined ? { code: 'failed', message } : { code: 'failed', message, details };
}

const initialStates = [useStatus, useMonitors, useHeartbeats, useDomains, useHandlers, useDrafts, useNotices, useNavigation, usePendingWrites, useListPreferences, useListHistory, useOverviewPreferences, useLastServerChoice, useUnsavedChanges, useConnection].map(
  (store) => [store, store.getState()] as const,
);

afterEach(() => {
  cleanup();
  for (const [store, initial] of initialStates) (store as { setState(state: unknown, replace: true): void }).setState(initial, true);
  localStorage.clear();
});
