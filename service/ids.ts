// Opaque identifiers. Random rather than sequential, so ids reveal nothing about how many resources exist.
import { randomBytes } from 'node:crypto';

const idPrefixes = { monitor: 'mon', heartbeat: 'hb', domain: 'dom', handler: 'nh', maintenance: 'mw' } as const;

export type ResourceKind = keyof typeof idPrefixes;

export function newId(kind: ResourceKind): string {
  return `${idPrefixes[kind]}_${randomBytes(12).toString('base64url')}`;
}

/** A heartbeat slug is a bearer secret in a URL cron jobs call without the JWT: 160 bits of randomness. */
export function newHeartbeatSlug(): string {
  return randomBytes(20).toString('base64url');
}
