// Forms whose edits are not saved yet (the settings sections), so leaving them never loses the edits without a
// word: a move to another view or page while one has unsaved edits waits for the answer to "Save / Discard / Keep
// editing" (components/unsaved-changes-prompt.tsx); closing or reloading a browser tab asks first, and closing the app
// window only hides it.
import { useEffect, useRef } from 'react';
import { create } from 'zustand';

export interface UnsavedForm {
  /** What the form is called where the user sees it: "Quiet hours". */
  label: string;
  /** Saves as the form's own button would; false when it did not (its errors show at its fields). */
  save(): Promise<boolean>;
  /** Throws the edits away. */
  discard(): void;
}

interface UnsavedChangesState {
  /** The forms with unsaved edits, in the order they were first edited. */
  forms: ReadonlyMap<string, UnsavedForm>;
  /** A move away waiting for the answer. */
  leaving: (() => void) | undefined;
  /** The answer's save runs. */
  saving: boolean;
}

export const useUnsavedChanges = create<UnsavedChangesState>(() => ({ forms: new Map(), leaving: undefined, saving: false }));

export function hasUnsavedChanges(): boolean {
  return useUnsavedChanges.getState().forms.size > 0;
}

/** Runs `leave` at once when nothing is unsaved; otherwise asks first, and runs it after Save or Discard. */
export function leaveOrAsk(leave: () => void): void {
  if (hasUnsavedChanges()) useUnsavedChanges.setState({ leaving: leave });
  else leave();
}

/** "Keep editing": the move is dropped. */
export function keepEditing(): void {
  useUnsavedChanges.setState({ leaving: undefined });
}

/** "Discard": every form's edits go, then the move. */
export function discardAndLeave(): void {
  const { forms, leaving } = useUnsavedChanges.getState();
  for (const form of [...forms.values()]) form.discard();
  useUnsavedChanges.setState({ forms: new Map(), leaving: undefined });
  leaving?.();
}

/** "Save": each form saves in turn; the move follows only if all did, else the form that did not shows why. */
export async function saveAndLeave(): Promise<void> {
  const { forms, leaving } = useUnsavedChanges.getState();
  useUnsavedChanges.setState({ saving: true });
  try {
    for (const form of [...forms.values()]) {
      if (!(await form.save())) {
        useUnsavedChanges.setState({ leaving: undefined });
        return;
      }
    }
  } finally {
    useUnsavedChanges.setState({ saving: false });
  }
  useUnsavedChanges.setState({ leaving: undefined });
  leaving?.();
}

/** Counts the form as unsaved while `form` is given (its edits differ from what is saved), and while it is shown. */
export function useUnsavedForm(id: string, form: UnsavedForm | undefined): void {
  // The latest save and discard, so the prompt runs them with what is typed now.
  const latest = useRef(form);
  latest.current = form;
  const dirty = form !== undefined;
  useEffect(() => {
    if (!dirty) return;
    const entry: UnsavedForm = {
      label: latest.current?.label ?? '',
      save: () => latest.current?.save() ?? Promise.resolve(true),
      discard: () => latest.current?.discard(),
    };
    useUnsavedChanges.setState(({ forms }) => ({ forms: new Map(forms).set(id, entry) }));
    return () =>
      useUnsavedChanges.setState(({ forms }) => {
        const rest = new Map(forms);
        rest.delete(id);
        return { forms: rest };
      });
  }, [id, dirty]);
}

/** Asks before the page is closed or reloaded while a form has unsaved edits; returns the stop function. */
export function guardUnsavedChanges(target: Pick<Window, 'addEventListener' | 'removeEventListener'>): () => void {
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (hasUnsavedChanges()) event.preventDefault();
  };
  target.addEventListener('beforeunload', onBeforeUnload);
  return () => target.removeEventListener('beforeunload', onBeforeUnload);
}
