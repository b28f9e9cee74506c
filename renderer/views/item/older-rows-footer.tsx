// The foot of an item page's table that loads older rows on request (its checks, its runs): the button, what it is
// doing, and why it stopped — nothing older kept, or the load failed and may be tried again.

/** Where loading older rows stands. */
export type OlderRows = { state: 'idle' } | { state: 'loading' } | { state: 'failed'; message: string } | { state: 'all' };

interface OlderRowsFooterProps {
  more: OlderRows;
  /** The rows' plural noun: "checks", "runs". */
  noun: string;
  /** The button's label when idle: "Show more checks". */
  buttonLabel: string;
  /** Whether the button is offered: rows are shown and older ones may exist. */
  offered: boolean;
  onShowOlder(): void;
}

export function OlderRowsFooter({ more, noun, buttonLabel, offered, onShowOlder }: OlderRowsFooterProps) {
  return (
    <div className="section-more" aria-live="polite">
      {more.state === 'all' && <p className="field-hint">No older {noun} are kept.</p>}
      {more.state === 'failed' && (
        <p className="form-error" role="alert">
          Older {noun} could not be loaded: {more.message}
        </p>
      )}
      {offered && (
        <button type="button" className="button button-small" aria-disabled={more.state === 'loading'} onClick={() => more.state !== 'loading' && onShowOlder()}>
          {more.state === 'loading' ? `Loading older ${noun}…` : buttonLabel}
        </button>
      )}
    </div>
  );
}
