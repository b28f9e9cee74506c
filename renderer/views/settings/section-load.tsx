// A section whose data has not arrived: its heading with "Loading…", or why the load failed and "Try again", so
// one load that fails never hides the sections that did load.
import { useId } from 'react';

export interface SectionLoadProps {
  title: string;
  load: { state: 'loading' } | { state: 'failed'; message: string };
  retry(): void;
}

export function SectionLoad({ title, load, retry }: SectionLoadProps) {
  const titleId = useId();
  return (
    <section className="settings-section" aria-labelledby={titleId} aria-busy={load.state === 'loading'}>
      <h2 id={titleId}>{title}</h2>
      {load.state === 'loading' ? (
        <p className="field-hint">Loading…</p>
      ) : (
        <div className="form-error list-error" role="alert">
          <p>This section could not be loaded: {load.message}</p>
          {/* Several sections may fail at once: each button names its own. */}
          <button type="button" className="button" aria-label={`Try again to load ${title}`} onClick={retry}>
            Try again
          </button>
        </div>
      )}
    </section>
  );
}
