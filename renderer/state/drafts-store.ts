// What the user has typed into a form that was not saved yet. It outlives the dialog, so a failed save, a
// closed dialog or a switch to another view never throws input away; a successful save clears it.
import { create } from 'zustand';

interface DraftsState {
  drafts: Readonly<Record<string, unknown>>;
  keep(form: string, draft: unknown): void;
  clear(form: string): void;
}

export const useDrafts = create<DraftsState>((set) => ({
  drafts: {},
  keep(form, draft) {
    set(({ drafts }) => ({ drafts: { ...drafts, [form]: draft } }));
  },
  clear(form) {
    set(({ drafts }) => {
      const { [form]: _cleared, ...rest } = drafts;
      return { drafts: rest };
    });
  },
}));

/** A form's draft (or `initial` when there is none) and the function that replaces it. */
export function useDraft<T>(form: string, initial: () => T): [T, (next: T) => void] {
  const stored = useDrafts((state) => state.drafts[form]) as T | undefined;
  const keep = useDrafts((state) => state.keep);
  return [stored ?? initial(), (next) => keep(form, next)];
}
