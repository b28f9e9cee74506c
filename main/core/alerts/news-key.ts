// The key an item's news is tracked under while owed or held: the item's own key, except for its certificate's news,
// kept apart from its monitor's up and down (each has a story of its own: a certificate expiring in 7 days must not
// replace "API is down" in the quiet-hours summary, nor be dropped when the monitor is back up).

const CERTIFICATE = 'certificate:';

/** `certificate:monitor:42`: where a monitor's certificate news is owed and held. */
export function certificateNewsKey(monitorKey: string): string {
  return `${CERTIFICATE}${monitorKey}`;
}

export function isCertificateNewsKey(key: string): boolean {
  return key.startsWith(CERTIFICATE);
}

/** The item the news is about (`monitor:42`): what rules, maintenance, snoozes and a click go by. */
export function newsItemKey(key: string): string {
  return isCertificateNewsKey(key) ? key.slice(CERTIFICATE.length) : key;
}
