// An item's state as its notification handlers know it, read from the alerts themselves: what a held alert says
// the item became, and what the handlers knew before it. A domain's alerts each tell something new (a threshold
// crossed), so one held is owed whenever the domain is still past a threshold when the window ends; a monitor's
// certificate alerts likewise, held apart from its down and up alerts (both may be owed when the window ends). A
// heartbeat has two problems (late, failed), so what its handlers knew is remembered, not read from the alert.
import type { AlertEvent } from '../alerts/alert-event.ts';

export function stateAfter(alert: AlertEvent): string {
  switch (alert.event) {
    case 'monitor.down':
      return 'down';
    case 'heartbeat.late':
      return 'late';
    case 'heartbeat.failed':
      return 'failed';
    case 'monitor.up':
    case 'heartbeat.recovered':
      return 'up';
    case 'domain.expiring':
    case 'domain.expired':
    case 'certificate.expiring':
    case 'certificate.expired':
      return 'alerted';
  }
}

/**
 * What the handlers knew before the alert. The alert says it, except for a heartbeat, which has two problems: a
 * failure may follow a late alert, and a recovery may follow either; `toldProblem` is the problem the handlers
 * were last told of (`problemTold`), undefined when none is out.
 */
function stateBefore(alert: AlertEvent, toldProblem: string | undefined): string {
  switch (alert.event) {
    case 'monitor.down':
    case 'heartbeat.late':
      return 'up';
    case 'heartbeat.failed':
      return toldProblem ?? 'up';
    case 'monitor.up':
      return 'down';
    case 'heartbeat.recovered':
      // Raised only after a problem; the gate knows which from the start, so the fallback is for safety only.
      return toldProblem ?? 'late';
    case 'domain.expiring':
    case 'domain.expired':
    case 'certificate.expiring':
    case 'certificate.expired':
      return 'ok';
  }
}

/**
 * The problem the handlers know of once they are told this state of this item, for the items `stateBefore` needs
 * it for (heartbeats); undefined when none is out or the item's alerts say their own previous state.
 */
function problemTold(itemKey: string, state: string): string | undefined {
  return itemKey.startsWith('heartbeat:') && state !== 'up' ? state : undefined;
}

/**
 * The problem the handlers were last told of, per heartbeat: what `stateBefore` needs and an alert does not say. One
 * memory for each stage that passes alerts on (the dependency fold, the maintenance gate).
 */
export class ToldProblems {
  readonly #problems = new Map<string, string>();

  /** The handlers were told `state` of the item. */
  remember(itemKey: string, state: string): void {
    const problem = problemTold(itemKey, state);
    if (problem === undefined) this.#problems.delete(itemKey);
    else this.#problems.set(itemKey, problem);
  }

  /** What the handlers knew of the alert's item before it. */
  stateBefore(itemKey: string, alert: AlertEvent): string {
    return stateBefore(alert, this.#problems.get(itemKey));
  }

  forget(itemKey: string): void {
    this.#problems.delete(itemKey);
  }
}

const certificatePrefix = 'certificate:';

/** Where a held alert is kept: `monitor:<id>`, `heartbeat:<id>`, `domain:<id>`, or `certificate:<monitor id>`. */
export function itemKeyOf(alert: AlertEvent): string {
  if (alert.event === 'certificate.expiring' || alert.event === 'certificate.expired') return `${certificatePrefix}${alert.subject.id}`;
  return `${alert.subject.kind}:${alert.subject.id}`;
}

/** The item whose maintenance windows cover a held alert's key: a certificate's is its monitor. */
export function coveredItemOf(heldKey: string): string {
  return heldKey.startsWith(certificatePrefix) ? `monitor:${heldKey.slice(certificatePrefix.length)}` : heldKey;
}
