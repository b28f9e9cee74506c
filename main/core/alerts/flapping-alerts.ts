// Flapping told: one alert when a monitor starts flapping (standing for the change that tipped it and any news
// still owed for it), then nothing until it settles, then one alert saying how it settled. Inside a maintenance
// window both are owed instead, and told (at most one of them) when the window ends.
import type { Alert } from './alert.ts';
import type { Decision, Moment, News } from './alert-stages.ts';
import { isItemBad, newsId, type NewsSubject } from './alert-state.ts';
import type { FlapTracking } from './flapping.ts';
import { makeAlert, settleMade, type NewsLedger } from './news-ledger.ts';
import { flappingText, settledText } from './rule-alert-text.ts';

/** `tipping`: the change that started each monitor's flapping, when it was not dropped by the person's choice. */
export function flappingAlerts(ledger: NewsLedger, moment: Moment, decide: (news: News) => Decision, tracking: FlapTracking, tipping: ReadonlyMap<string, string>): void {
  const { context } = moment;
  const rule = context.rules.flapping;
  for (const key of tracking.started) {
    const memory = tracking.memory[key];
    if (memory === undefined) continue;
    const about: NewsSubject = { about: 'state', key };
    const tipped = tipping.get(key);
    const before = ledger.owed.get(newsId(about));
    const ids = [...(before?.ids ?? []), ...(tipped === undefined ? [] : [tipped])];
    const alert = makeAlert(flappingText(memory.name, rule, context.connection.name), 'monitor-flapping', context, key);
    if (ids.length > 0) alert.includes = ids;
    const decision = decide({ source: 'flapping', alert, itemKey: key });
    // Inside a window the flapping is news owed, told when the window ends (still flapping) or as it settled.
    if (decision.verdict === 'owe') oweFlapping(ledger, moment, about, memory.name, alert, before?.toldBad ?? !isItemBad(moment.memory, key));
    else if (decision.verdict !== 'fold') {
      ledger.owed.delete(newsId(about));
      settleMade(ledger, decision, { alert, name: memory.name, bad: true, story: alert.title, ids }, about);
    }
  }
  for (const { key, memory } of tracking.settled) {
    const about: NewsSubject = { about: 'state', key };
    const down = isItemBad(moment.memory, key);
    // The flapping owed since a window (oweFlapping) is told by how it settled.
    const ids = [...(ledger.owed.get(newsId(about))?.ids ?? []), ...memory.ids];
    ledger.owed.delete(newsId(about));
    const alert = makeAlert(settledText(memory.name, down, rule, context.connection.name), 'monitor-settled', context, key);
    if (ids.length > 0) alert.includes = ids;
    const decision = decide({ source: 'flapping', alert, itemKey: key });
    if (decision.verdict === 'owe') oweSettled(ledger, moment, about, memory.name, down, alert);
    else if (decision.verdict !== 'fold') settleMade(ledger, decision, { alert, name: memory.name, bad: down, story: alert.title, ids }, about);
  }
}

/** Began flapping inside a maintenance window: owed with the news it stands for, so nothing of it is lost. */
function oweFlapping(ledger: NewsLedger, moment: Moment, about: NewsSubject, name: string, alert: Alert, toldBad: boolean): void {
  ledger.owed.set(newsId(about), {
    about,
    reason: 'maintenance',
    kind: 'monitor-flapping',
    title: alert.title,
    severity: alert.severity,
    name,
    toldBad,
    since: moment.context.now,
    ids: alert.includes ?? [],
  });
}

/** Settled inside a maintenance window: how it stands is told when the window ends, as any news owed to it. */
function oweSettled(ledger: NewsLedger, moment: Moment, about: NewsSubject, name: string, down: boolean, alert: Alert): void {
  ledger.owed.set(newsId(about), {
    about,
    reason: 'maintenance',
    kind: down ? 'monitor-down' : 'monitor-recovered',
    title: down ? `${name} is down` : `${name} is back up`,
    severity: alert.severity,
    name,
    // Whatever was told before it flapped is stale: the state it settled in is told.
    toldBad: !down,
    since: moment.context.now,
    ids: alert.includes ?? [],
  });
}
