// Short messages about what just happened ("Monitor deleted", "The change was undone: …"), read out by screen
// readers through a live region. Errors stay until dismissed; the rest go after a few seconds.
import { create } from 'zustand';

export interface Notice {
  id: number;
  tone: 'error' | 'info';
  text: string;
}

interface NoticesState {
  notices: Notice[];
  show(tone: Notice['tone'], text: string): void;
  dismiss(id: number): void;
}

const infoLifetimeMs = 5000;
const maxNotices = 4;
let nextId = 1;

export const useNotices = create<NoticesState>((set, get) => ({
  notices: [],
  show(tone, text) {
    const id = nextId++;
    set(({ notices }) => ({ notices: [...notices, { id, tone, text }].slice(-maxNotices) }));
    if (tone === 'info') setTimeout(() => get().dismiss(id), infoLifetimeMs);
  },
  dismiss(id) {
    set(({ notices }) => ({ notices: notices.filter((notice) => notice.id !== id) }));
  },
}));

export const showError = (text: string) => useNotices.getState().show('error', text);
export const showInfo = (text: string) => useNotices.getState().show('info', text);
