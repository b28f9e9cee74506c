// The connection's own reachability news under a server-wide maintenance window (a deploy under "maintenance on
// everything" is no news): "can't reach" and "reachable again" are owed, as an item's news is (owed-news.ts), and
// told when the window ends only if the connection then stands otherwise than the person was last told; lost and
// back inside the window tells nothing (common/maintenance/maintenance-release.ts decides it, in the connection's
// terms: reachable or lost). The token's news is never owed: it needs the person.
import { heldNewsStands } from '../../../common/maintenance/maintenance-release.ts';
import type { Alert } from './alert.ts';
import type { Decision, News } from './alert-stages.ts';
import type { AlertState, OwedReachability } from './alert-state.ts';
import { connectionLostText, connectionRestoredText } from './alert-text.ts';
import type { ConnectionEvent } from './connection-changes.ts';
import type { ClientErrorInfo } from '../model/snapshot.ts';
import { hold, makeAlert, type NewsLedger } from './news-ledger.ts';
import type { PollContext } from './poll-context.ts';

export function isReachabilityNews(event: ConnectionEvent): event is Extract<ConnectionEvent, { kind: 'connection-lost' | 'connection-restored' }> {
  return event.kind === 'connection-lost' || event.kind === 'connection-restored';
}

type Reachability = AlertState['connection']['reachability'];

/** Whether the reachability owed is still news with the connection `now`: its news always says how the connection
 * stands (each change replaces it), so it is news unless that is what the person was last told. */
function stillNews(toldLost: boolean, now: Reachability): boolean {
  return heldNewsStands({ told: toldLost ? 'lost' : 'ok', says: now }, now);
}

/** Records the change as owed; back as the person was last told, nothing is. */
export function oweReachability(ledger: NewsLedger, event: ConnectionEvent & { kind: 'connection-lost' | 'connection-restored' }, alert: Alert): void {
  const before = ledger.reachabilityOwed;
  const lost = event.kind === 'connection-lost';
  const toldLost = before?.toldLost ?? !lost;
  if (!stillNews(toldLost, lost ? 'lost' : 'ok')) {
    ledger.reachabilityOwed = undefined;
    return;
  }
  const owed: OwedReachability = { toldLost, ids: [...(before?.ids ?? []), alert.id] };
  const error = event.kind === 'connection-lost' ? event.error : before?.error;
  if (error !== undefined) owed.error = { kind: error.kind, message: error.message };
  ledger.reachabilityOwed = owed;
}

/** The reachability owed, asked whether the server-wide window is over (`decide`: down the stages) and then told as
 * the connection now stands (or dropped by a choice, or held while quiet). `memory`: the connection after this poll;
 * `error`: this poll's, when it failed. */
export function releaseReachability(
  ledger: NewsLedger,
  memory: AlertState['connection'],
  context: PollContext,
  decide: (news: News) => Decision,
  error: ClientErrorInfo | undefined,
): void {
  const owed = ledger.reachabilityOwed;
  if (owed === undefined) return;
  const lost = memory.reachability === 'lost';
  const { name } = context.connection;
  const reason = error ?? owed.error ?? { kind: 'unreachable', message: 'The server did not answer.' };
  const text = lost ? connectionLostText(name, reason, memory.failedPolls) : connectionRestoredText(name);
  const alert = makeAlert(text, lost ? 'connection-lost' : 'connection-restored', context, undefined, '|maintenance');
  const decision = decide({ source: 'reachability-owed', alert });
  if (decision.verdict === 'owe' || decision.verdict === 'fold') return;
  ledger.reachabilityOwed = undefined;
  // Back as the person was last told: nothing to tell.
  if (!stillNews(owed.toldLost, memory.reachability)) return;
  if (owed.ids.length > 0) alert.includes = owed.ids;
  if (decision.verdict === 'drop') ledger.suppressed.push({ alert, reason: decision.reason });
  else if (decision.verdict === 'hold') hold(ledger, { alert, name, bad: lost, story: alert.title, ids: owed.ids }, { about: 'reachability' });
  else ledger.connectionTold.unshift(alert);
}
