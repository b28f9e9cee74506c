// The one rule every saved secret follows (a connection's token, a monitor's secret header, the local service's
// SMTP password): it goes only to the destination it was saved for. A destination is named by the parts that
// decide who receives the secret (a URL's `{ origin }`: scheme, host and port; an SMTP server's host, port,
// security and user name), so a change to any of them means the secret must be given again: it never silently
// follows the change.

/** The parts of a destination that decide who receives a secret, each compared as it is. */
export type SecretDestination = Readonly<Record<string, string | number | undefined>>;

/** The parts of `to` that differ from the destination the secret was saved for: empty when it may go there. */
export function changedDestinationParts<D extends SecretDestination>(savedFor: D, to: D): (keyof D & string)[] {
  const parts = new Set([...Object.keys(savedFor), ...Object.keys(to)]);
  return [...parts].filter((part) => savedFor[part] !== to[part]);
}

/** Whether a secret saved for `savedFor` may be sent to `to`. */
export function secretMayGo<D extends SecretDestination>(savedFor: D, to: D): boolean {
  return changedDestinationParts(savedFor, to).length === 0;
}
