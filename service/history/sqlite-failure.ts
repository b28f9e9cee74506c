// Why a history write failed, in words a user can act on.
const sqliteFull = 13;

function isDiskFull(error: unknown): boolean {
  const code = (error as { errcode?: unknown }).errcode;
  return (typeof code === 'number' && code % 256 === sqliteFull) || (error as { code?: unknown }).code === 'ENOSPC';
}

export function failureReason(error: unknown): string {
  if (isDiskFull(error)) return 'the disk is full';
  return `the history database could not be written (${error instanceof Error ? error.message : String(error)})`;
}
