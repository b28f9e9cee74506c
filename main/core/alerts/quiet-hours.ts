// Quiet hours: news is held, never dropped (alert-stages.ts decides it, news-ledger.ts `hold` keeps it), each item's
// story replaced by its latest so the summary says what happened and what is still wrong; the first poll after they
// end tells it all in one alert.
import type { Alert } from './alert.ts';
import type { Moment } from './alert-stages.ts';
import { makeAlert, type NewsLedger } from './news-ledger.ts';
import { quietSummaryText } from './rule-alert-text.ts';

/** The summary due now (quiet hours over and something held), which empties the hold; undefined otherwise. */
export function quietSummary(ledger: NewsLedger, moment: Moment): Alert | undefined {
  if (moment.quiet || (ledger.held.size === 0 && ledger.heldUncounted === 0)) return undefined;
  const stories = [...ledger.held.values()];
  const uncounted = ledger.heldUncounted;
  ledger.held = new Map();
  ledger.heldUncounted = 0;
  const alert = makeAlert(quietSummaryText(stories, uncounted, moment.context.connection.name), 'summary', moment.context, undefined, '|while-quiet');
  const ids = stories.flatMap((story) => story.ids);
  alert.covers = ids.length + uncounted;
  if (ids.length > 0) alert.includes = ids;
  // Paused when they end: the pause silences this as it would have silenced the news itself, and says so.
  if (moment.paused) {
    ledger.suppressed.push({ alert, reason: 'paused' });
    return undefined;
  }
  return alert;
}
