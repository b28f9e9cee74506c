// Reads back what the person's rules left in the persisted state (version 2): news owed, stories held in quiet
// hours and monitors' recent changes. An entry that cannot be read is dropped whole, never half-restored.
import { ALERT_SEVERITIES, ITEM_ALERT_KINDS, type AlertSeverity, type ItemAlertKind } from './alert.ts';
import type { AlertState, FlapMemory, HeldStory, OwedChange } from './alert-state.ts';
import { HELD_LIMIT } from './held-limit.ts';
import { isRecord, isText, isTime, textList, timeList } from './persisted-values.ts';

type RuleMemory = Pick<AlertState, 'owed' | 'held' | 'heldUncounted' | 'flapping'>;

const ITEM_KINDS = new Set<string>(ITEM_ALERT_KINDS);
const SEVERITIES = new Set<string>(ALERT_SEVERITIES);
const OWED_REASONS = new Set<string>(['maintenance', 'delay', 'dependency'] satisfies OwedChange['reason'][]);

const isSeverity = (value: unknown): value is AlertSeverity => isText(value) && SEVERITIES.has(value);

function owedChange(value: unknown): OwedChange | undefined {
  if (!isRecord(value)) return undefined;
  const { reason, kind, title, severity, name, toldBad, since, dueAt, endsAt, outageBegan, coveredUntil } = value;
  if (!isText(reason) || !OWED_REASONS.has(reason) || !isText(kind) || !ITEM_KINDS.has(kind)) return undefined;
  if (!isText(title) || !isSeverity(severity) || !isText(name) || typeof toldBad !== 'boolean' || !isTime(since)) return undefined;
  const owed: OwedChange = {
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

function heldStory(value: unknown): HeldStory | undefined {
  if (!isRecord(value)) return undefined;
  const { story, severity, bad } = value;
  if (!isText(story) || !isSeverity(severity) || typeof bad !== 'boolean') return undefined;
  return { story, severity, bad, ids: textList(value.ids) };
}

function flapMemory(value: unknown): FlapMemory | undefined {
  if (!isRecord(value) || !isText(value.name)) return undefined;
  const memory: FlapMemory = { name: value.name, changes: timeList(value.changes), ids: textList(value.ids) };
  if (isTime(value.flappingSince)) memory.flappingSince = value.flappingSince;
  return memory;
}

/** The readable entries, at most `limit`; `beyond` sees each readable one past it. */
function entries<T>(value: unknown, read: (entry: unknown) => T | undefined, limit = Number.POSITIVE_INFINITY, beyond?: (entry: T) => void): Record<string, T> {
  const result: Record<string, T> = {};
  if (!isRecord(value)) return result;
  let count = 0;
  for (const [key, entry] of Object.entries(value)) {
    const readable = read(entry);
    if (readable === undefined) continue;
    if (count >= limit) {
      beyond?.(readable);
      continue;
    }
    result[key] = readable;
    count += 1;
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
    flapping: entries(persisted.flapping, flapMemory),
  };
}
