// What the user has typed into a form that was not saved yet. It outlives the dialog, so a failed save, Escape or
// a switch to another view never throws input away; Cancel discards it, and a successful save clears it (unless
// it was edited meanwhile). A save in progress is kept here too, so a form reopened mid-save shows it.
import { useEffect } from 'react';
import { create } from 'zustand';

interface DraftsState {
  drafts: Readonly<Record<string, unknown>>;
  saving: Readonly<Record<string, true>>;
  keep(form: string, draft: unknown): void;
  clear(form: string): void;
  /** Clears the draft only if it is still `draft` (nothing was typed since). */
  clearIfUnchanged(form: string, draft: unknown): void;
  setSaving(form: string, saving: boolean): void;
}

function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const { [key]: _removed, ...rest } = record;
  return rest;
}

export const useDrafts = create<DraftsState>((set, get) => ({
  drafts: {},
  saving: {},
  keep(form, draft) {
    set(({ drafts }) => ({ drafts: { ...drafts, [form]: draft } }));
  },
  clear(form) {
    set(({ drafts }) => ({ drafts: without(drafts, form) }));
  },
  clearIfUnchanged(form, draft) {
    if (get().drafts[form] === draft) get().clear(form);
  },
  setSaving(form, saving) {
    set((state) => ({ saving: saving ? { ...state.saving, [form]: true } : without(state.saving, form) }));
  },
}));

export interface FormDraft<T> {
  draft: T;
  setDraft(next: T): void;
  /** True while a save of this form runs, even if the dialog was closed and opened again. */
  saving: boolean;
  /** Runs the save; on success the draft is cleared, unless it changed meanwhile. */
  save<R>(run: () => Promise<R>): Promise<R>;
  /** Throws the draft away (Cancel). */
  discard(): void;
}

/** A form's draft (or `initial` when there is none) and its save. */
export function useFormDraft<T>(form: string, initial: () => T): FormDraft<T> {
  const stored = useDrafts((state) => state.drafts[form]) as T | undefined;
  const saving = useDrafts((state) => state.saving[form] === true);
  const draft = stored ?? initial();
  const { keep, clear, clearIfUnchanged, setSaving } = useDrafts.getState();
  return {
    draft,
    setDraft: (next) => keep(form, next),
    saving,
    async save(run) {
      setSaving(form, true);
      try {
        const result = await run();
        clearIfUnchanged(form, stored);
        return result;
      } finally {
        setSaving(form, false);
      }
    },
    discard: () => clear(form),
  };
}

/** A draft on its own, for forms that save without this store's help (settings sections). */
export function useDraft<T>(form: string, initial: () => T): [T, (next: T) => void] {
  const stored = useDrafts((state) => state.drafts[form]) as T | undefined;
  const keep = useDrafts((state) => state.keep);
  return [stored ?? initial(), (next) => keep(form, next)];
}

/** Input a form keeps in its own state rather than here (a token, which is never kept; an open editor's edits),
 * counted while the form says it holds some: the ids of those forms. */
const heldElsewhere = new Set<symbol>();

/** Counts the form's own input as held while `held` is true and the form is shown (guardTypedInput). */
export function useHeldInput(held: boolean): void {
  useEffect(() => {
    if (!held) return;
    const form = Symbol('held input');
    heldElsewhere.add(form);
    return () => void heldElsewhere.delete(form);
  }, [held]);
}

/** Whether the page holds typed input not saved yet: a form's draft, or input a shown form keeps itself. */
export function holdsTypedInput(): boolean {
  return Object.keys(useDrafts.getState().drafts).length > 0 || heldElsewhere.size > 0;
}

/** Cancels the page's unload while it holds typed input (in the app, closing the window then only hides it, the
 * input kept: main/electron/app/main-window.ts); returns the stop function. */
export function guardTypedInput(target: Pick<Window, 'addEventListener' | 'removeEventListener'>): () => void {
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (holdsTypedInput()) event.preventDefault();
  };
  target.addEventListener('beforeunload', onBeforeUnload);
  return () => target.removeEventListener('beforeunload', onBeforeUnload);
}
