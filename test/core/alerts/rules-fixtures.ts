// Builders for the person's rules (issue 13) and a runner that polls on a clock the test moves, keeping every
// poll's evaluation so tests can ask what was told, held, owed or dropped, and when.
import type { MaintenanceRule } from '../../../common/maintenance/maintenance.ts';
import type { WeeklyRange } from '../../../common/schedule/weekly-schedule.ts';
import {
  defaultAlertRules,
  evaluatePoll,
  initialAlertState,
  restoreAlertState,
  type Alert,
  type AlertRules,
  type AlertState,
  type PollContext,
  type PollEvaluation,
} from '../../../main/core/alerts/index.ts';
import type { PollOutcome } from '../../../main/core/model/snapshot.ts';
import { context } from './fixtures.ts';

export function alertRules(overrides: Partial<AlertRules> = {}): AlertRules {
  return { ...defaultAlertRules, ...overrides };
}

export const EVERY_DAY: WeeklyRange['days'] = [0, 1, 2, 3, 4, 5, 6];

/** Quiet every night 22:00–07:00 in `timeZone`. */
export function nightly(timeZone: string, criticalBreaksThrough = false): AlertRules['quietHours'] {
  return { ranges: [{ days: EVERY_DAY, start: '22:00', end: '07:00' }], timeZone, criticalBreaksThrough };
}

export function window(from: number, until?: number, item?: string): MaintenanceRule {
  const rule: MaintenanceRule = { from };
  if (until !== undefined) rule.until = until;
  if (item !== undefined) rule.item = item;
  return rule;
}

/** A poller over one connection: polls at the given moments, keeping every evaluation; `restart` persists and
 * restores the state as the app does across a restart. */
export class RulesRun {
  state: AlertState;
  readonly polls: PollEvaluation[] = [];
  readonly rules: AlertRules;
  readonly extra: Partial<PollContext>;

  constructor(rules: AlertRules, extra: Partial<PollContext> = {}, state: AlertState = initialAlertState()) {
    this.rules = rules;
    this.extra = extra;
    this.state = state;
  }

  poll(outcome: PollOutcome, extra: Partial<PollContext> = {}): PollEvaluation {
    const now = outcome.ok ? outcome.snapshot.takenAt : outcome.at;
    const evaluation = evaluatePoll(this.state, outcome, context({ now, rules: this.rules, ...this.extra, ...extra }));
    this.state = evaluation.state;
    this.polls.push(evaluation);
    return evaluation;
  }

  restart(): void {
    this.state = restoreAlertState(JSON.parse(JSON.stringify(this.state)));
  }

  get alerts(): Alert[] {
    return this.polls.flatMap((poll) => poll.alerts);
  }

  get suppressed(): PollEvaluation['suppressed'] {
    return this.polls.flatMap((poll) => poll.suppressed);
  }
}
