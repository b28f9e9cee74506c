// The logger port. Messages are plain sentences; fields never carry tokens or passwords.
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** One JSON line per entry on stderr, so stdout stays for what a command prints. */
export function stderrLogger(minimum: 'info' | 'warn' | 'error' = 'info'): Logger {
  const levels = { info: 0, warn: 1, error: 2 } as const;
  const write = (level: keyof typeof levels) => (message: string, fields?: Record<string, unknown>) => {
    if (levels[level] < levels[minimum]) return;
    process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...fields })}\n`);
  };
  return { info: write('info'), warn: write('warn'), error: write('error') };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
