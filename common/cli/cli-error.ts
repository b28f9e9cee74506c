// A mistake the user can fix (bad flag, unreadable config): printed as one line, no stack trace.
export class CliError extends Error {
  readonly exitCode: number;

  constructor(message: string, exitCode = 2) {
    super(message);
    this.exitCode = exitCode;
  }
}
