// A value the user takes elsewhere (a ping URL, a crontab line) with a Copy button. The clipboard may be refused
// (a locked-down window, an insecure page); then the text is selected in its box so Ctrl+C still works, and the
// user is told so rather than left wondering whether anything was copied.
import { useEffect, useId, useState, type ReactNode } from 'react';
import { FieldNotes } from './fields.tsx';

type CopyResult = 'copied' | 'refused' | undefined;

const shownForMs = 4000;

export interface CopyableTextProps {
  label: string;
  text: string;
  hint?: ReactNode;
  /** Wraps over lines (a long command), instead of scrolling sideways in one. */
  multiline?: boolean;
  /** Lines a multiline box shows before it scrolls. */
  rows?: number;
}

export function CopyableText({ label, text, hint, multiline = false, rows = 2 }: CopyableTextProps) {
  const id = useId();
  const [result, setResult] = useState<CopyResult>();

  useEffect(() => {
    if (result === undefined) return;
    const timer = setTimeout(() => setResult(undefined), shownForMs);
    return () => clearTimeout(timer);
  }, [result]);

  async function copy() {
    try {
      // Absent outside secure contexts: treated like a refusal.
      if (typeof navigator.clipboard?.writeText !== 'function') throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setResult('copied');
    } catch {
      // Focused as well as selected, so Ctrl+C copies it (select() alone leaves focus on the button).
      const box = document.getElementById(id);
      if (box instanceof HTMLInputElement || box instanceof HTMLTextAreaElement) {
        box.focus();
        box.select();
      }
      setResult('refused');
    }
  }

  const hintId = hint === undefined ? undefined : `${id}-hint`;
  return (
    <div className="field copyable">
      <label htmlFor={id}>{label}</label>
      <div className="copyable-row">
        {multiline ? (
          <textarea id={id} className="copyable-input" readOnly rows={rows} value={text} spellCheck={false} aria-describedby={hintId} onFocus={(event) => event.currentTarget.select()} />
        ) : (
          <input id={id} className="copyable-input" readOnly value={text} spellCheck={false} aria-describedby={hintId} onFocus={(event) => event.currentTarget.select()} />
        )}
        <button type="button" className="button" aria-label={`Copy ${label.charAt(0).toLowerCase()}${label.slice(1)}`} onClick={() => void copy()}>
          {result === 'copied' ? 'Copied' : 'Copy'}
        </button>
      </div>
      <p className={result === 'refused' ? 'copyable-result copyable-refused' : 'copyable-result'} role="status">
        {result === 'copied' && `${label} copied to the clipboard.`}
        {result === 'refused' && 'The clipboard could not be used here. The text is selected: press Ctrl+C (⌘C on a Mac) to copy it.'}
      </p>
      <FieldNotes hint={hint} hintId={hintId} />
    </div>
  );
}
