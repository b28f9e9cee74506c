// Short messages about what just happened ("Monitor deleted", "The change was undone: …", an alert in a browser
// tab), read out by screen readers through a live region. Each says how long ago it appeared, kept current by the
// window's clock. What only informs leaves by itself (`lifetimeMs`); an error or a warning stays until dismissed,
// since it asks for a look. A routine confirmation ("Monitor API created.") replaces the one before it, so a few
// saves in a row never pile up; a notice about a subject (an item, a server) replaces the older one about it, so
// "API is back up" takes the place of "API is down"; the rest stack, since each says something different.
import { create } from 'zustand';
import type { TimerHandle } from '../../common/clock.ts';
import { windowClock } from './now-store.ts';

export type NoticeTone = 'error' | 'warning' | 'info';

export interface Notice {
  id: number;
  tone: NoticeTone;
  text: string;
  /** When it appeared (epoch ms on the window's clock), for its "2 min ago". */
  at: number;
  /** A confirmation of what the user just did: the next one takes its place. */
  routine: boolean;
  /** What it is about (a server item key, or `server:<id>`): a newer notice about it takes its place. */
  subject?: string;
}

export interface NoticeOptions {
  routine?: boolean;
  subject?: string;
}

interface NoticesState {
  notices: Notice[];
  show(tone: NoticeTone, text: string, options?: NoticeOptions): void;
  dismiss(id: number): void;
  /** Dismisses every notice `stale` says no longer holds (its item is fine again). */
  dismissWhere(stale: (notice: Notice) => boolean): void;
}

/** How long a notice that only informs stays: a confirmation is read at a glance, other news deserves longer. */
function lifetimeMs(notice: Pick<Notice, 'tone' | 'routine'>): number | undefined {
  if (notice.tone !== 'info') return undefined;
  return notice.routine ? 5000 : 10_000;
}

const maxNotices = 4;
let nextId = 1;
const timers = new Map<number, TimerHandle>();

function forget(ids: Iterable<number>): void {
  for (const id of ids) {
    const timer = timers.get(id);
    if (timer !== undefined) windowClock().clearTimer(timer);
    timers.delete(id);
  }
}

export const useNotices = create<NoticesState>((set, get) => ({
  notices: [],
  show(tone, text, { routine = false, subject } = {}) {
    const clock = windowClock();
    const notice: Notice = { id: nextId++, tone, text, at: clock.now(), routine };
    if (subject !== undefined) notice.subject = subject;
    const replaced = (other: Notice) => (routine && other.routine) || (subject !== undefined && other.subject === subject);
    const { notices } = get();
    const kept = [...notices.filter((other) => !replaced(other)), notice].slice(-maxNotices);
    forget(notices.filter((other) => !kept.includes(other)).map((other) => other.id));
    set({ notices: kept });
    const lifetime = lifetimeMs(notice);
    if (lifetime !== undefined) timers.set(notice.id, clock.setTimer(() => get().dismiss(notice.id), lifetime));
  },
  dismiss(id) {
    get().dismissWhere((notice) => notice.id === id);
  },
  dismissWhere(stale) {
    const gone = get().notices.filter(stale);
    if (gone.length === 0) return;
    forget(gone.map((notice) => notice.id));
    set(({ notices }) => ({ notices: notices.filter((notice) => !gone.includes(notice)) }));
  },
}));

export const showError = (text: string) => useNotices.getState().show('error', text);
/** A routine confirmation: it replaces the previous one. */
export const showInfo = (text: string) => useNotices.getState().show('info', text, { routine: true });
