// When an item of a configuration file is already on a server (docs/client.md): a monitor by type and address (a
// dns monitor also by the record type it looks up), a heartbeat by name, a domain by name, a handler by type and
// destination. So an import run twice adds nothing.
// The address is compared as a URL reads it (host case, a bare origin's slash); names as written, trimmed.
import type { Domain, Heartbeat, Monitor, NotificationHandler } from '../../../common/api/index.ts';

function sameAddress(url: string): string {
  const trimmed = url.trim();
  if (!/^https?:\/\//i.test(trimmed)) return trimmed.toLowerCase();
  try {
    return new URL(trimmed).href;
  } catch {
    return trimmed;
  }
}

export function monitorIdentity(monitor: Pick<Monitor, 'type' | 'url' | 'dns'>): string {
  const identity = `${monitor.type ?? ''} ${sameAddress(monitor.url ?? '')}`;
  // The A and the MX records of one name are two monitors, not one.
  return monitor.type === 'dns' ? `${identity} ${monitor.dns?.record ?? ''}` : identity;
}

export function heartbeatIdentity(heartbeat: Pick<Heartbeat, 'name'>, defaultName: string): string {
  return (heartbeat.name ?? defaultName).trim();
}

export function domainIdentity(domain: Pick<Domain, 'domain'>): string {
  return (domain.domain ?? '').trim().toLowerCase();
}

export function handlerIdentity(handler: Pick<NotificationHandler, 'type' | 'destination'>): string {
  const destination = (handler.destination ?? '').trim();
  return `${handler.type ?? ''} ${handler.type === 'email' ? destination.toLowerCase() : destination}`;
}
