// The messages between main and the local service's utility process (over parentPort), checked on receipt.
export type ServiceToMain = { type: 'ready'; apiUrl: string } | { type: 'failed'; message: string };
export type MainToService = { type: 'stop' };

export function isServiceMessage(value: unknown): value is ServiceToMain {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  if (message.type === 'ready') return typeof message.apiUrl === 'string';
  if (message.type === 'failed') return typeof message.message === 'string';
  return false;
}

export function isStopMessage(value: unknown): value is MainToService {
  return typeof value === 'object' && value !== null && (value as Record<string, unknown>).type === 'stop';
}
