// How a heartbeat run ended, as a word with a health for its badge (pure); an outcome the server invented is shown
// as sent.
import type { Health } from '../../../common/ipc/views.ts';

const outcomes: Record<string, { label: string; health: Health }> = {
  success: { label: 'Succeeded', health: 'ok' },
  failed: { label: 'Failed', health: 'critical' },
  running: { label: 'Running', health: 'unknown' },
  unfinished: { label: 'Unfinished', health: 'warning' },
};

export function outcomeLabel(outcome: string): string {
  return outcomes[outcome]?.label ?? outcome;
}

export function outcomeHealth(outcome: string): Health {
  return outcomes[outcome]?.health ?? 'unknown';
}
