// Dependencies: while a parent is down its children's news is owed (owed-news.ts). Here the parent's own alert
// names how many dependents are affected and stands for the children's changes not yet told; and the children
// still bad when their parent recovers are told together, one alert for several.
import { isTroubleKind, worseSeverity, type AlertSeverity } from './alert.ts';
import { dependentsStillBadText, withDependents } from './rule-alert-text.ts';
import { isItemBad, newsId, type AlertState } from './alert-state.ts';
import { makeAlert, type NewsLedger, type Telling } from './news-ledger.ts';
import type { PollContext } from './poll-context.ts';

const childrenKept = new WeakMap<ReadonlyMap<string, string>, Map<string, string[]>>();

/** Parent key → its children's keys, worked out once per dependencies map. */
function childrenOf(dependencies: ReadonlyMap<string, string>): Map<string, string[]> {
  const kept = childrenKept.get(dependencies);
  if (kept !== undefined) return kept;
  const children = new Map<string, string[]>();
  for (const [child, parent] of dependencies) {
    const list = children.get(parent);
    if (list === undefined) children.set(parent, [child]);
    else list.push(child);
  }
  childrenKept.set(dependencies, children);
  return children;
}

/** A parent's down (or late) told now names its affected dependents and includes their changes owed so far. */
export function foldDependents(ledger: NewsLedger, memory: AlertState, context: PollContext): void {
  const children = childrenOf(context.rules.dependencies);
  if (children.size === 0) return;
  ledger.told = ledger.told.map((telling) => {
    const { alert } = telling;
    const kids = alert.itemKey === undefined ? undefined : children.get(alert.itemKey);
    if (kids === undefined || !isTroubleKind(alert.kind)) return telling;
    let affected = 0;
    let allMonitors = true;
    const folded: string[] = [];
    for (const kid of kids) {
      if (!isItemBad(memory, kid)) continue;
      affected += 1;
      if (!Object.hasOwn(memory.monitors, kid)) allMonitors = false;
      const owed = ledger.owed.get(newsId({ about: 'state', key: kid }));
      if (owed?.reason !== 'dependency' || owed.ids.length === 0) continue;
      folded.push(...owed.ids);
      ledger.owed.set(newsId(owed.about), { ...owed, ids: [] });
    }
    if (affected === 0) return telling;
    const includes = [...(alert.includes ?? []), ...folded];
    const title = withDependents(alert.title, affected, allMonitors);
    return { ...telling, alert: includes.length > 0 ? { ...alert, title, includes } : { ...alert, title }, ids: [...telling.ids, ...folded] };
  });
}

/** Children told as their parent recovers: two or more of one parent become one alert. */
export function groupDependents(told: readonly Telling[], names: ReadonlyMap<string, string>, context: PollContext): Telling[] {
  const byParent = new Map<string, Telling[]>();
  for (const telling of told) {
    if (telling.parent === undefined) continue;
    byParent.set(telling.parent, [...(byParent.get(telling.parent) ?? []), telling]);
  }
  if (byParent.size === 0) return [...told];
  const grouped: Telling[] = [];
  for (const telling of told) {
    const siblings = telling.parent === undefined ? undefined : byParent.get(telling.parent);
    if (siblings === undefined || siblings.length === 1 || telling.parent === undefined) {
      grouped.push(telling);
      continue;
    }
    if (siblings[0] !== telling) continue;
    const severity = siblings.reduce<AlertSeverity>((worst, sibling) => worseSeverity(worst, sibling.alert.severity), 'info');
    const childNames = siblings.map((sibling) => sibling.name);
    const text = dependentsStillBadText(names.get(telling.parent) ?? context.elsewhere?.name(telling.parent), childNames, severity, context.connection.name);
    const ids = siblings.flatMap((sibling) => sibling.ids);
    const alert = makeAlert(text, 'summary', context, undefined, `|dependents-of|${telling.parent}`);
    alert.covers = siblings.length;
    if (ids.length > 0) alert.includes = ids;
    grouped.push({ alert, name: text.title, bad: true, story: alert.title, ids });
  }
  return grouped;
}
