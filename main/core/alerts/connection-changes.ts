// The connection's own news: can't reach / reachable again, the token rejected, the token about to expire.
// One alert per episode, never one per item.
import { failureClass } from '../health/index.ts';
import type { ClientErrorInfo, PollOutcome } from '../model/snapshot.ts';
import type { ConnectionMemory } from './alert-state.ts';

export type ConnectionEvent =
  | { kind: 'connection-lost'; error: ClientErrorInfo; failedPolls: number }
  | { kind: 'connection-restored' }
  | { kind: 'sign-in-again' }
  | { kind: 'token-expiring'; expiresAt: number };

export interface ConnectionRules {
  now: number;
  unreachableAfterPolls: number;
  tokenWarningDays: number;
  tokenExpiresAt?: number | undefined;
}

const MS_PER_DAY = 86_400_000;

function afterOutcome(
  previous: ConnectionMemory,
  outcome: PollOutcome,
  rules: ConnectionRules,
  events: ConnectionEvent[],
): ConnectionMemory {
  if (outcome.ok) {
    if (previous.reachability === 'lost') events.push({ kind: 'connection-restored' });
    const lastSuccessfulPollAt = outcome.snapshot.takenAt;
    return { ...previous, failedPolls: 0, reachability: 'ok', auth: 'ok', lastSuccessfulPollAt };
  }
  switch (failureClass(outcome.error.kind)) {
    case 'transient':
      return previous;
    case 'signed-out':
      // A 401 proves the server is there; "sign in again" says all that needs saying.
      if (previous.auth !== 'rejected') events.push({ kind: 'sign-in-again' });
      return { ...previous, failedPolls: 0, reachability: 'ok', auth: 'rejected' };
    case 'offline':
    case 'setup': {
      const failedPolls = previous.failedPolls + 1;
      const lost = failedPolls >= rules.unreachableAfterPolls;
      if (lost && previous.reachability !== 'lost') {
        events.push({ kind: 'connection-lost', error: outcome.error, failedPolls });
      }
      return { ...previous, failedPolls, reachability: lost ? 'lost' : previous.reachability };
    }
  }
}

export function connectionChanges(
  previous: ConnectionMemory,
  outcome: PollOutcome,
  rules: ConnectionRules,
): { memory: ConnectionMemory; events: ConnectionEvent[] } {
  const events: ConnectionEvent[] = [];
  let memory = afterOutcome(previous, outcome, rules, events);
  const expiresAt = rules.tokenExpiresAt;
  // A rejected token already has its alert; an expiry warning on top would only repeat it.
  if (
    expiresAt !== undefined &&
    memory.auth !== 'rejected' &&
    memory.tokenWarnedFor !== expiresAt &&
    expiresAt - rules.now <= rules.tokenWarningDays * MS_PER_DAY
  ) {
    events.push({ kind: 'token-expiring', expiresAt });
    memory = { ...memory, tokenWarnedFor: expiresAt };
  }
  return { memory, events };
}
