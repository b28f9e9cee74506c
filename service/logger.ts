// The service's logger: the port from common/, written as JSON lines on stderr so stdout stays for what a
// command prints.
import type { Logger } from '../common/logger.ts';

export { silentLogger, type Logger } from '../common/logger.ts';

export function stderrLogger(minimum: 'info' | 'warn' | 'error' = 'info'): Logger {
  const levels = { info: 0, warn: 1, error: 2 } as const;
  const write = (level: keyof typeof levels) => (message: string, fields?: Record<string, unknown>) => {
    if (levels[level] < levels[minimum]) return;
    process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...fields })}\n`);
  };
  return { info: write('info'), warn: write('warn'), error: write('error') };
}
