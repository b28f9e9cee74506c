// Short messages about what just happened ("Monitor deleted", "The change was undone: …"), read out by screen
// readers through a live region. Errors stay until dismissed; the rest go after a few seconds. A routine
// confirmation ("Monitor API created.") replaces the one before it, so a few saves in a row never pile up over
// the list; errors and alerts stack, since each says something different that must not be lost.
import { create } from 'zustand';

export interface Notice {
  id: number;
  tone: 'error' | 'info';
  text: string;
  /** A confirmation of what the user just did: the next one takes its place. */
  routine: boolean;
}

interface NoticesState {
  notices: Notice[];
  show(tone: Notice['tone'], text: string, routine?: boolean): void;
  dismiss(id: number): void;
}

const infoLifetimeMs = 5000;
const maxNotices = 4;
let nextId = 1;

export const useNotices = create<NoticesState>((set, get) => ({
  notices: [],
  show(tone, text, routine = false) {
    const id = nextId++;
    set(({ notices }) => {
      const kept = routine ? notices.filter((notice) => !notice.routine) : notices;
      return { notices: [...kept, { id, tone, text, routine }].slice(-maxNotices) };
    });
    if (tone === 'info') setTimeout(() => get().dismiss(id), infoLifetimeMs);
  },
  dismiss(id) {
    set(({ notices }) => ({ notices: notices.filter((notice) => notice.id !== id) }));
  },
}));

export const showError = (text: string) => useNotices.getState().show('error', text);
/** A routine confirmation: it replaces the previous one. */
export const showInfo = (text: string) => useNotices.getState().show('info', text, true);
