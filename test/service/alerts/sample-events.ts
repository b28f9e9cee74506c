// Alert events as the service builds them, one per subject kind.
import type { AlertEvent } from '../../../service/alerts/alert-event.ts';

export const monitorDown: AlertEvent = {
  event: 'monitor.down',
  occurred_at: '2026-03-01T12:34:56.789Z',
  message: 'Monitor “API” is down: connection refused',
  subject: {
    kind: 'monitor',
    id: 'mon_1',
    name: 'API',
    type: 'http',
    url: 'https://api.example.com',
    frequency: 60,
    last_status: 'down',
  },
};

export const monitorUp: AlertEvent = {
  ...monitorDown,
  event: 'monitor.up',
  message: 'Monitor “API” is up again',
  subject: { ...monitorDown.subject, last_status: 'up' },
};

export const heartbeatLate: AlertEvent = {
  event: 'heartbeat.late',
  occurred_at: '2026-03-01T03:00:00Z',
  message: 'Heartbeat “nightly-backup” is late: no ping since 2026-02-28 02:00 UTC',
  subject: {
    kind: 'heartbeat',
    id: 'hb_1',
    name: 'nightly-backup',
    slug: 'nightly-backup-x7',
    expected_interval: 86_400,
    last_ping: '2026-02-28T02:00:00Z',
  },
};

export const domainExpiring: AlertEvent = {
  event: 'domain.expiring',
  occurred_at: '2026-03-01T08:00:00Z',
  message: 'Domain example.com expires in 7 days',
  subject: {
    kind: 'domain',
    id: 'dom_1',
    domain: 'example.com',
    expires_on: '2026-03-08',
    days_until_expiry: 7,
    registrar: 'Example Registrar',
  },
};
