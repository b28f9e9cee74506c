// The connection's own reachability news under a server-wide maintenance window (a deploy under "maintenance on
// everything" is no news): "can't reach" and "reachable again" are owed, as an item's news is (owed-news.ts), and
// told when the window ends only if the connection then stands otherwise than the person was last told; lost and
// back inside the window tells nothing. The token's news is never owed: it needs the person.
import type { Alert } from './alert.ts';
import type { OwedReachability } from './alert-state.ts';
import { connectionLostText, connectionRestoredText } from './alert-text.ts';
import type { ConnectionEvent } from './connection-changes.ts';
import type { ClientErrorInfo } from '../model/snapshot.ts';
import { droppedBy, hold, makeAlert, type RulePass } from './rule-pass.ts';

export function isReachabilityNews(event: ConnectionEvent): event is Extract<ConnectionEvent, { kind: 'connection-lost' | 'connection-restored' }> {
  return event.kind === 'connection-lost' || event.kind === 'connection-restored';
}

function setOwed(pass: RulePass, owed: OwedReachability | undefined): void {
  const connection = { ...pass.memory.connection };
  if (owed === undefined) delete connection.owed;
  else connection.owed = owed;
  pass.memory = { ...pass.memory, connection };
}

/** Whether the reachability news waits: a server-wide window is on, or news from one is still owed. */
export function reachabilityOwed(pass: RulePass): boolean {
  return pass.maintenance.everything !== undefined || pass.memory.connection.owed !== undefined;
}

/** A reachability change dropped by the person's choice counts as told: nothing stays owed. */
export function forgetOwedReachability(pass: RulePass): void {
  if (pass.memory.connection.owed !== undefined) setOwed(pass, undefined);
}

/** Records the change as owed; back as the person was last told, nothing is. */
export function oweReachability(pass: RulePass, event: ConnectionEvent & { kind: 'connection-lost' | 'connection-restored' }, alert: Alert): void {
  const before = pass.memory.connection.owed;
  const lost = event.kind === 'connection-lost';
  const toldLost = before?.toldLost ?? !lost;
  if (lost === toldLost) {
    setOwed(pass, undefined);
    return;
  }
  const owed: OwedReachability = { toldLost, ids: [...(before?.ids ?? []), alert.id] };
  const error = event.kind === 'connection-lost' ? event.error : before?.error;
  if (error !== undefined) owed.error = { kind: error.kind, message: error.message };
  setOwed(pass, owed);
}

/** Once no server-wide window is on: the reachability owed, told as it now stands (or dropped by a choice, or held
 * while quiet). `error`: this poll's, when it failed. */
export function releaseReachability(pass: RulePass, error: ClientErrorInfo | undefined): Alert | undefined {
  const owed = pass.memory.connection.owed;
  if (owed === undefined || pass.maintenance.everything !== undefined) return undefined;
  setOwed(pass, undefined);
  const lost = pass.memory.connection.reachability === 'lost';
  if (lost === owed.toldLost) return undefined;
  const { context } = pass;
  const { name } = context.connection;
  const reason = error ?? owed.error ?? { kind: 'unreachable', message: 'The server did not answer.' };
  const text = lost ? connectionLostText(name, reason, pass.memory.connection.failedPolls) : connectionRestoredText(name);
  const alert = makeAlert(text, lost ? 'connection-lost' : 'connection-restored', context, undefined, '|maintenance');
  if (owed.ids.length > 0) alert.includes = owed.ids;
  const dropped = droppedBy(pass, alert);
  if (dropped !== undefined) {
    pass.suppressed.push({ alert, reason: dropped });
    return undefined;
  }
  if (pass.quiet) {
    hold(pass, { alert, name, bad: lost, story: alert.title, ids: owed.ids }, 'connection');
    return undefined;
  }
  return alert;
}
