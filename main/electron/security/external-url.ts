// Which links may leave the app for the user's browser: https only, no credentials in the address, nothing
// else (file:, javascript:, custom schemes and plain http would hand an attacker a local or downgraded target).
const maxExternalUrlLength = 2048;

export function isSafeExternalUrl(url: string): boolean {
  if (url.length > maxExternalUrlLength) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return parsed.protocol === 'https:' && parsed.hostname !== '' && parsed.username === '' && parsed.password === '';
}

/** Only the scheme goes to the log: a full URL may carry a query with someone's data in it. */
export function schemeOf(url: string): string {
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url);
  return match?.[1]?.toLowerCase() ?? 'none';
}
