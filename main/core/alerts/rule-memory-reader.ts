// Reads back what the person's rules left in the persisted state: news owed, stories held in quiet hours and
// monitors' recent changes. An entry that cannot be read is dropped whole, never half-restored. Version 3 keeps news
// as lists whose entries say what they are about; version 2 kept it by key, which says it here only.
import { ALERT_SEVERITIES, ITEM_ALERT_KINDS, type AlertSeverity, type ItemAlertKind } from './alert.ts';
import type { AlertState, FlapMemory, HeldStory, HeldSubject, NewsSubject, OwedChange } from './alert-state.ts';
import { HELD_LIMIT } from './held-limit.ts';
import { isRecord, isText, isTime, recordOf, textList, timeList } from './persisted-values.ts';

type RuleMemory = Pick<AlertState, 'owed' | 'held' | 'heldUncounted' | 'flapping'>;

const ITEM_KINDS = new Set<string>(ITEM_ALERT_KINDS);
const SEVERITIES = new Set<string>(ALERT_SEVERITIES);
const OWED_REASONS = new Set<string>(['maintenance', 'delay', 'dependency'] satisfies OwedChange['reason'][]);

const isSeverity = (value: unknown): value is AlertSeverity => isText(value) && SEVERITIES.has(value);

function newsSubject(value: unknown): NewsSubject | undefined {
  if (!isRecord(value) || !isText(value.key) || (value.about !== 'state' && value.about !== 'certificate')) return undefined;
  return { about: value.about, key: value.key };
}

function heldSubject(value: unknown): HeldSubject | undefined {
  if (isRecord(value) && (value.about === 'reachability' || value.about === 'token')) return { about: value.about };
  return newsSubject(value);
}

/** What a version-2 key said its news was about: `certificate:monitor:42` a monitor's certificate, `connection` and
 * `token` the connection's own (held only), any other the item's state. */
function version2Subject(key: string): HeldSubject {
  const certificate = 'certificate:';
  if (key.startsWith(certificate)) return { about: 'certificate', key: key.slice(certificate.length) };
  if (key === 'connection') return { about: 'reachability' };
  if (key === 'token') return { about: 'token' };
  return { about: 'state', key };
}

function owedChange(value: unknown, about: unknown): OwedChange | undefined {
  if (!isRecord(value)) return undefined;
  const subject = newsSubject(about);
  if (subject === undefined) return undefined;
  const { reason, kind, title, severity, name, toldBad, since, dueAt, endsAt, outageBegan, coveredUntil } = value;
  if (!isText(reason) || !OWED_REASONS.has(reason) || !isText(kind) || !ITEM_KINDS.has(kind)) return undefined;
  if (!isText(title) || !isSeverity(severity) || !isText(name) || typeof toldBad !== 'boolean' || !isTime(since)) return undefined;
  const owed: OwedChange = {
    about: subject,
    reason: reason as OwedChange['reason'],
    kind: kind as ItemAlertKind,
    title,
    severity,
    name,
    toldBad,
    since,
    ids: textList(value.ids),
  };
  if (isTime(dueAt)) owed.dueAt = dueAt;
  if (isTime(endsAt)) owed.endsAt = endsAt;
  if (isTime(outageBegan)) owed.outageBegan = outageBegan;
  if (isTime(coveredUntil)) owed.coveredUntil = coveredUntil;
  return owed;
}

function heldStory(value: unknown, about: unknown): HeldStory | undefined {
  if (!isRecord(value)) return undefined;
  const { story, severity, bad } = value;
  const subject = heldSubject(about);
  if (subject === undefined || !isText(story) || !isSeverity(severity) || typeof bad !== 'boolean') return undefined;
  return { about: subject, story, severity, bad, ids: textList(value.ids) };
}

function flapMemory(value: unknown): FlapMemory | undefined {
  if (!isRecord(value) || !isText(value.name)) return undefined;
  const memory: FlapMemory = { name: value.name, changes: timeList(value.changes), ids: textList(value.ids) };
  if (isTime(value.flappingSince)) memory.flappingSince = value.flappingSince;
  return memory;
}

/** The readable entries, at most `limit`; `beyond` sees each readable one past it. Version 3's are a list, each
 * saying what it is about; version 2's a record by key. */
function entries<T>(value: unknown, read: (entry: unknown, about: unknown) => T | undefined, limit = Number.POSITIVE_INFINITY, beyond?: (entry: T) => void): T[] {
  const result: T[] = [];
  const listed: [unknown, unknown][] = Array.isArray(value)
    ? value.map((entry: unknown) => [entry, isRecord(entry) ? entry.about : undefined])
    : isRecord(value)
      ? Object.entries(value).map(([key, entry]) => [entry, version2Subject(key)])
      : [];
  for (const [entry, about] of listed) {
    const readable = read(entry, about);
    if (readable === undefined) continue;
    if (result.length >= limit) beyond?.(readable);
    else result.push(readable);
  }
  return result;
}

/** Version 1 had none of it: everything starts empty. Stories held beyond `HELD_LIMIT` (a state written with a larger
 * limit) are counted, as `hold` counts them, so the summary still says they happened. */
export function readRuleMemory(persisted: Record<string, unknown>): RuleMemory {
  const { heldUncounted } = persisted;
  let uncounted = isTime(heldUncounted) && heldUncounted > 0 ? heldUncounted : 0;
  const held = entries(persisted.held, heldStory, HELD_LIMIT, (story) => {
    uncounted += Math.max(1, story.ids.length);
  });
  return {
    owed: entries(persisted.owed, owedChange),
    held,
    heldUncounted: uncounted,
    flapping: recordOf(persisted.flapping, flapMemory),
  };
}
