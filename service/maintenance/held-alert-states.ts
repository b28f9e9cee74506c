// An item's state as its notification handlers know it, read from the alerts themselves: what a held alert says
// the item became, and what the handlers knew before it. A domain's alerts each tell something new (a threshold
// crossed), so one held is owed whenever the domain is still past a threshold when the window ends; a monitor's
// certificate alerts likewise, held apart from its down and up alerts (both may be owed when the window ends).
import type { AlertEvent } from '../alerts/alert-event.ts';

export function stateAfter(alert: AlertEvent): string {
  switch (alert.event) {
    case 'monitor.down':
      return 'down';
    case 'heartbeat.late':
      return 'late';
    case 'heartbeat.failed':
      return 'failed';
    case 'monitor.up':
    case 'heartbeat.recovered':
      return 'up';
    case 'domain.expiring':
    case 'domain.expired':
    case 'certificate.expiring':
    case 'certificate.expired':
      return 'alerted';
  }
}

export function stateBefore(alert: AlertEvent): string {
  switch (alert.event) {
    case 'monitor.down':
    case 'heartbeat.late':
    case 'heartbeat.failed':
      return 'up';
    case 'monitor.up':
      return 'down';
    case 'heartbeat.recovered':
      return 'late';
    case 'domain.expiring':
    case 'domain.expired':
    case 'certificate.expiring':
    case 'certificate.expired':
      return 'ok';
  }
}

const certificatePrefix = 'certificate:';

/** Where a held alert is kept: `monitor:<id>`, `heartbeat:<id>`, `domain:<id>`, or `certificate:<monitor id>`. */
export function itemKeyOf(alert: AlertEvent): string {
  if (alert.event === 'certificate.expiring' || alert.event === 'certificate.expired') return `${certificatePrefix}${alert.subject.id}`;
  return `${alert.subject.kind}:${alert.subject.id}`;
}

/** The item whose maintenance windows cover a held alert's key: a certificate's is its monitor. */
export function coveredItemOf(heldKey: string): string {
  return heldKey.startsWith(certificatePrefix) ? `monitor:${heldKey.slice(certificatePrefix.length)}` : heldKey;
}
