// The app's logger: the Logger port over electron-log (a file in the OS's log folder, what "Open logs" opens).
// Every line is redacted on its way to any transport by a hook, so lines that other libraries write through the
// same logger (electron-updater's) are covered as well.
import type { Logger } from '../../../common/logger.ts';
import { redactFields, redactLogText } from './redact-log.ts';

/** The part of electron-log's logger this uses (structural, so tests pass electron-log/node or a fake). */
export interface LogBackend {
  info(...params: unknown[]): void;
  warn(...params: unknown[]): void;
  error(...params: unknown[]): void;
  hooks: { push(hook: <Message extends { data: unknown[] }>(message: Message) => Message): unknown };
}

export class AppLogger implements Logger {
  readonly #backend: LogBackend;
  readonly #secrets = new Set<string>();

  constructor(backend: LogBackend) {
    this.#backend = backend;
    backend.hooks.push((message) => ({ ...message, data: message.data.map((item) => this.#redact(item)) }));
  }

  /** A secret to remove from every later line (e.g. a token the app just minted). */
  addSecret(secret: string): void {
    this.#secrets.add(secret);
  }

  info(message: string, fields?: Record<string, unknown>): void {
    this.#backend.info(...entry(message, fields));
  }

  warn(message: string, fields?: Record<string, unknown>): void {
    this.#backend.warn(...entry(message, fields));
  }

  error(message: string, fields?: Record<string, unknown>): void {
    this.#backend.error(...entry(message, fields));
  }

  #redact(item: unknown): unknown {
    if (typeof item === 'string') return redactLogText(item, this.#secrets);
    if (item instanceof Error) return redactLogText(item.stack ?? `${item.name}: ${item.message}`, this.#secrets);
    if (typeof item !== 'object' || item === null) return item;
    try {
      return JSON.parse(redactLogText(JSON.stringify(redactFields(item)), this.#secrets)) as unknown;
    } catch {
      return '[a value that cannot be written to the log]';
    }
  }
}

function entry(message: string, fields: Record<string, unknown> | undefined): unknown[] {
  return fields === undefined || Object.keys(fields).length === 0 ? [message] : [message, fields];
}
