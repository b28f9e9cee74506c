// Holding news while maintenance covers its item, and telling it after — decided once for the service's own alerts
// (webhook, email: service/maintenance/alert-gate.ts) and Vigil's notifications (main/core/alerts/owed-news.ts). Each
// keeps what it held in its own terms of an item's state, and asks here what is owed once no window covers the item:
//
// - a monitor down then is told "still down after maintenance" (maintenance-end.ts words it), whatever it was told
//   before: the end of maintenance is when it was expected back;
// - otherwise the news held is told once, only if the item now stands as that news said and that is not what was
//   last told of it: down and back inside a window tells nothing, nor does news the item has moved on from;
// - an item deleted owes nothing.
//
// The state is generic so that each side compares what it can tell apart: the service exact states (a heartbeat
// 'late' then 'failed' is news), Vigil's notifications bad or good (and news never told before: flapping, an expiry's
// threshold). The same "as it stands, once" rule settles news held back for other reasons: alerts the service folds
// under a parent that is down (service/dependencies/dependency-fold.ts), news Vigil owes for a delay or a parent.

/** News held back for an item, in the caller's terms of the item's state. */
export interface HeldNews<State extends string> {
  /** What was last told of the item before its news was held. */
  readonly told: State;
  /** What the latest news held says the item became. */
  readonly says: State;
}

/** The item as the hold ends. */
export interface ItemAtRelease<State extends string> {
  /** Its state now; undefined once it is deleted. */
  readonly state: State | undefined;
  /** Whether it is a monitor down now (a window covered it, so it is owed "still down after maintenance"). */
  readonly monitorDown: boolean;
}

/** What is told as the hold ends: "still down after maintenance", the news held, or nothing. */
export type OwedAtRelease = 'still-down' | 'held-news' | 'nothing';

/** Whether held news is still worth telling with the item in `now` (undefined: deleted): it stands as the news said,
 * and that differs from what was last told. */
export function heldNewsStands<State extends string>(held: HeldNews<State>, now: State | undefined): boolean {
  return now !== undefined && now === held.says && now !== held.told;
}

/** What is owed for an item whose news was held while a window covered it, once no window covers it any more. */
export function owedAtRelease<State extends string>(held: HeldNews<State>, item: ItemAtRelease<State>): OwedAtRelease {
  if (item.state === undefined) return 'nothing';
  if (item.monitorDown) return 'still-down';
  return heldNewsStands(held, item.state) ? 'held-news' : 'nothing';
}
