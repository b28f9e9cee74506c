// Quiet hours: news is held, never dropped (rule-pass.ts `tellOrHold`), each item's story replaced by its latest so
// the summary says what happened and what is still wrong; the first poll after they end tells it all in one alert.
import { quietSummaryText } from './rule-alert-text.ts';
import { makeAlert, type RulePass } from './rule-pass.ts';
import type { Alert } from './alert.ts';

/** The summary due now (quiet hours over and something held), which empties the hold; undefined otherwise. */
export function quietSummary(pass: RulePass): Alert | undefined {
  if (pass.quiet || (pass.held.size === 0 && pass.heldUncounted === 0)) return undefined;
  const stories = [...pass.held.values()];
  const uncounted = pass.heldUncounted;
  pass.held = new Map();
  pass.heldUncounted = 0;
  const alert = makeAlert(quietSummaryText(stories, uncounted, pass.context.connection.name), 'summary', pass.context, undefined, '|while-quiet');
  const ids = stories.flatMap((story) => story.ids);
  alert.covers = ids.length + uncounted;
  if (ids.length > 0) alert.includes = ids;
  // Paused when they end: the pause silences this as it would have silenced the news itself, and says so.
  if (pass.paused) {
    pass.suppressed.push({ alert, reason: 'paused' });
    return undefined;
  }
  return alert;
}
