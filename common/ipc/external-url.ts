// Which links may leave the app for the user's browser: https, no credentials in the address, and nothing else
// (file:, javascript:, custom schemes and plain http would hand an attacker a local or downgraded target) — but plain
// http to the exact origin of a source the person configured at an http address (their own Kuma on the LAN), which is
// where its "Open in …" leads. Main decides with it what it opens; the window, what it offers.
const maxExternalUrlLength = 2048;

/** `httpOrigins`: the origins (`http://kuma.lan:3001`) the person configured sources at over plain http. */
export function isSafeExternalUrl(url: string, httpOrigins: readonly string[] = []): boolean {
  if (url.length > maxExternalUrlLength) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.hostname === '' || parsed.username !== '' || parsed.password !== '') return false;
  return parsed.protocol === 'https:' || (parsed.protocol === 'http:' && httpOrigins.includes(parsed.origin));
}

/** Only the scheme goes to the log: a full URL may carry a query with someone's data in it. */
export function schemeOf(url: string): string {
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url);
  return match?.[1]?.toLowerCase() ?? 'none';
}
