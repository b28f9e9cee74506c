// The Rules panel's values (pure): which kinds of news apply to a kind of item, the rules in one line of words,
// the draft the form edits, its own checks, and the patch that changes only what differs.
import { ALERTING_BOUNDS, type ItemRulesPatch, type ItemRulesView, type TellKind } from '../../../common/ipc/alerting.ts';
import type { ItemKind, Monitor } from '../../../common/ipc/views.ts';
import type { FieldErrors } from '../../api/call-error.ts';

/** A kind of news an item tells, as the form's box and the summary say it. */
export interface TellChoice {
  kind: TellKind;
  label: string;
}

const choice = (kind: TellKind, label: string): TellChoice => ({ kind, label });
const goesDown = choice('down', 'It goes down');
const recovers = choice('recovered', 'It recovers');

/**
 * A monitor is down and recovers; a heartbeat is late, its run fails (a heartbeat's "down" news,
 * main/core/alerts/alert-rules.ts), and it recovers; a domain expires.
 */
const choicesOfKind: Record<ItemKind, readonly TellChoice[]> = {
  monitor: [goesDown, recovers],
  heartbeat: [choice('late', 'It is late'), choice('down', 'A run fails'), recovers],
  domain: [choice('expiry', 'Its expiry comes near')],
  source: [goesDown, recovers],
};

const monitorWithCertificate: readonly TellChoice[] = [goesDown, recovers, choice('expiry', "Its certificate's expiry comes near")];

/** The kinds of news that apply to the item: a monitor's certificate expires too, when it has one (an https address,
 * or an end its server reports). */
export function tellChoicesOf(kind: ItemKind, monitor?: Pick<Monitor, 'url' | 'certificate_expires_on'>): readonly TellChoice[] {
  const certificate = monitor !== undefined && (monitor.certificate_expires_on !== undefined || /^https:/i.test(monitor.url ?? ''));
  return kind === 'monitor' && certificate ? monitorWithCertificate : choicesOfKind[kind];
}

/**
 * Where a dependency is kept, as the form says it beside "Depends on" (as the maintenance dialog says where a window
 * is kept): a server without the dependencies extension still sends each item's own email and webhook alerts.
 */
export function dependenciesKeptByText(keptBy: ItemRulesView['dependenciesKeptBy']): string {
  return keptBy === 'server'
    ? 'Kept by the server: its own email and webhook alerts fold too.'
    : 'Kept by Vigil: only Vigil’s notifications fold. This server’s own email and webhook alerts are not folded; they still tell each item on its own.';
}

const minutes = (count: number) => (count === 1 ? '1 minute' : `${count} minutes`);

/** Said of an item whose every "Tell me when" box is unticked, in the summary and under the boxes. */
export const tellsNothingNote = 'its state still shows in the window and the tray';

/** Whether none of the news that applies to the item is told: a choice Vigil keeps (the item is watched, quietly). */
export function tellsNothing(tell: Record<TellKind, boolean>, choices: readonly TellChoice[]): boolean {
  return choices.every((each) => !tell[each.kind]);
}

/**
 * "Tells only if down for 5 minutes (the default) · not when: it recovers · depends on Router · 3 items depend on
 * this"; "Tells nothing: its state still shows in the window and the tray" when every kind of news is off (how long it waits then matters not).
 */
export function rulesSummary(rules: ItemRulesView, choices: readonly TellChoice[]): string {
  const delay = rules.delayMinutes ?? rules.defaultDelayMinutes;
  const when = delay === 0 ? 'Tells at once' : `Tells only if down for ${minutes(delay)}`;
  const off = choices.filter((each) => !rules.tell[each.kind]);
  const silent = tellsNothing(rules.tell, choices);
  const parts = [silent ? `Tells nothing: ${tellsNothingNote}` : rules.delayMinutes === undefined ? `${when} (the default)` : when];
  if (off.length > 0 && !silent) parts.push(`not when: ${off.map((each) => each.label.toLowerCase()).join(', ')}`);
  if (rules.dependsOn !== undefined) parts.push(`depends on ${rules.dependsOn.name}`);
  if (rules.dependents > 0) parts.push(rules.dependents === 1 ? '1 item depends on this' : `${rules.dependents} items depend on this`);
  return parts.join(' · ');
}

export interface RulesDraft {
  ownDelay: boolean;
  delay: string;
  tell: Record<TellKind, boolean>;
  /** A server item key, or '' for nothing. */
  dependsOn: string;
}

export function rulesDraftOf(rules: ItemRulesView): RulesDraft {
  return { ownDelay: rules.delayMinutes !== undefined, delay: String(rules.delayMinutes ?? rules.defaultDelayMinutes), tell: { ...rules.tell }, dependsOn: rules.dependsOn?.itemKey ?? '' };
}

const { min, max } = ALERTING_BOUNDS.delayMinutes;

export function rulesErrors(draft: RulesDraft): FieldErrors {
  if (!draft.ownDelay) return {};
  const value = Number(draft.delay);
  return draft.delay.trim() === '' || !Number.isInteger(value) || value < min || value > max ? { delayMinutes: `must be a whole number of minutes from ${min} to ${max}` } : {};
}

/** Only what changed: an untouched field keeps whatever the core has, even if it changed meanwhile. */
export function rulesPatch(draft: RulesDraft, rules: ItemRulesView): ItemRulesPatch {
  const patch: ItemRulesPatch = {};
  const delay = draft.ownDelay ? Number(draft.delay) : undefined;
  if (delay !== rules.delayMinutes) patch.delayMinutes = delay ?? null;
  if (Object.entries(draft.tell).some(([kind, on]) => rules.tell[kind as TellKind] !== on)) patch.tell = draft.tell;
  if (draft.dependsOn !== (rules.dependsOn?.itemKey ?? '')) patch.dependsOn = draft.dependsOn === '' ? null : draft.dependsOn;
  return patch;
}
