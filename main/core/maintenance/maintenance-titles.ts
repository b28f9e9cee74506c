// How a stretch of maintenance beginning or ending is said in the events, the server's and Vigil's own alike:
// "Maintenance of API began (deploy)", "Maintenance of every item ended", "Maintenance of 12 items began".
import { cleanName } from '../health/index.ts';

/** The detail a server gives when a window has no reason: no reason to repeat. */
const noReason = 'maintenance';

/** Whose maintenance: every item of the server, one item (by name, when the event gives one), or several. */
export type MaintenanceSubject = { kind: 'every' } | { kind: 'item'; name: string | undefined } | { kind: 'items'; count: number };

export function maintenanceTitle(subject: MaintenanceSubject, on: boolean, reason: string | undefined): string {
  const why = on && reason !== undefined && reason !== '' && reason !== noReason ? ` (${reason})` : '';
  return `${maintenanceOf(subject)} ${on ? 'began' : 'ended'}${why}`;
}

function maintenanceOf(subject: MaintenanceSubject): string {
  switch (subject.kind) {
    case 'every':
      return 'Maintenance of every item';
    case 'items':
      return `Maintenance of ${subject.count} items`;
    case 'item': {
      const name = subject.name === undefined ? '' : cleanName(subject.name);
      return name === '' ? 'Maintenance' : `Maintenance of ${name}`;
    }
  }
}
