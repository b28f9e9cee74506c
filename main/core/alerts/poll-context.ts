// What `evaluatePoll` is given besides the state and the outcome, and what it answers.
import type { Alert } from './alert.ts';
import type { AlertRules } from './alert-rules.ts';
import type { AlertState } from './alert-state.ts';
import type { AlertPreferences } from './preferences.ts';
import type { Suppressed } from './news-ledger.ts';
import type { PausedUntil, Snooze } from './snooze.ts';

export interface PollContext {
  connection: { id: string; name: string };
  preferences: AlertPreferences;
  /** The person's rules for this connection (`defaultAlertRules` when they set none). */
  rules: AlertRules;
  snoozes: readonly Snooze[];
  /** This connection's acknowledged items, by its own item keys (`acknowledgementsOn`); none when absent. */
  acknowledgements?: ReadonlyMap<string, number> | undefined;
  pausedUntil?: PausedUntil;
  /** Epoch ms of the token's `exp`, when the token can be decoded. */
  tokenExpiresAt?: number | undefined;
  now: number;
  /** What the other connections know of their items (a parent elsewhere: `AlertRules.dependsElsewhere`). */
  elsewhere?: ItemsElsewhere | undefined;
}

/** Items of the other connections, by server item key, as their own alert policies judge them. */
export interface ItemsElsewhere {
  isBad(serverItemKey: string): boolean;
  name(serverItemKey: string): string | undefined;
}

export interface PollEvaluation {
  state: AlertState;
  /** What to tell the user now. */
  alerts: Alert[];
  /**
   * Every change tracked in this poll as its own alert, before snoozes, the pause, the user's topics and the
   * summary decide what is told: the app's record of what happened (main/core/history/).
   */
  changes: Alert[];
  /** Every change of this poll not told now, once, with why: held (quiet), owed (maintenance, a delay, a parent
   * down), folded into flapping, or dropped by the person's choice. An alert's `includes` tells it later. News the
   * rules made from earlier changes (a quiet-hours summary, news owed, flapping) that a choice drops when it is due
   * is listed too, as that alert with the choice's reason: its `includes` are the changes dropped with it. */
  suppressed: Suppressed[];
  /** The acknowledged items (own keys) this poll found no longer a problem: their acknowledgement is over. Only an
   * answered poll ends one; the caller forgets them (the app takes them out of the settings). */
  acknowledgementsEnded: string[];
}
