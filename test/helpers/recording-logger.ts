// A logger that keeps its entries, for asserting what was (and was not) logged.
import type { Logger } from '../../service/logger.ts';

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  message: string;
  fields: Record<string, unknown> | undefined;
}

export interface RecordingLogger extends Logger {
  readonly entries: LogEntry[];
  /** Every entry as one JSON line each, to search for text that must never be logged. */
  text(): string;
}

export function recordingLogger(): RecordingLogger {
  const entries: LogEntry[] = [];
  const record = (level: LogEntry['level']) => (message: string, fields?: Record<string, unknown>) => {
    entries.push({ level, message, fields });
  };
  return {
    entries,
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
    text: () => entries.map((entry) => JSON.stringify(entry)).join('\n'),
  };
}
