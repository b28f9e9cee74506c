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
