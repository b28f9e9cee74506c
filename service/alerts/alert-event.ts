// What the service tells notification handlers. The webhook body is this object as JSON
// (documented in docs/api-decisions.md, "Outbound notifications").
export type AlertEventKind =
  | 'monitor.down'
  | 'monitor.up'
  | 'heartbeat.late'
  | 'heartbeat.failed'
  | 'heartbeat.recovered'
  | 'domain.expiring'
  | 'domain.expired'
  | 'certificate.expiring'
  | 'certificate.expired';

export interface AlertEvent {
  event: AlertEventKind;
  /** RFC 3339 UTC. */
  occurred_at: string;
  /** One sentence a person can read, e.g. "Monitor “API” is down: connection refused". */
  message: string;
  /** The resource as the API shows it (Monitor, heartbeat or domain JSON); a certificate's is its monitor. */
  subject: { kind: 'monitor' | 'heartbeat' | 'domain'; id: string } & Record<string, unknown>;
}
