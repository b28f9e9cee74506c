import { describe, expect, it } from 'vitest';
import { alertEmailContent } from '../../../service/alerts/alert-email-content.ts';
import type { AlertEvent } from '../../../service/alerts/alert-event.ts';
import { domainExpiring, heartbeatLate, monitorDown, monitorUp } from './sample-events.ts';

describe('alertEmailContent', () => {
  it.each<[AlertEvent, string]>([
    [monitorDown, '[Vigil] DOWN: API (https://api.example.com)'],
    [monitorUp, '[Vigil] RECOVERED: API (https://api.example.com)'],
    [heartbeatLate, '[Vigil] Heartbeat late: nightly-backup'],
    [{ ...heartbeatLate, event: 'heartbeat.recovered' }, '[Vigil] Heartbeat recovered: nightly-backup'],
    [domainExpiring, '[Vigil] Domain expires in 7 days: example.com'],
    [{ ...domainExpiring, subject: { ...domainExpiring.subject, days_until_expiry: 1 } }, '[Vigil] Domain expires in 1 day: example.com'],
    [{ ...domainExpiring, subject: { ...domainExpiring.subject, days_until_expiry: 0 } }, '[Vigil] Domain expires today: example.com'],
    [{ ...domainExpiring, event: 'domain.expired' }, '[Vigil] Domain expired: example.com'],
    [{ ...monitorUp, event: 'certificate.expiring' }, '[Vigil] Certificate expiring: API'],
    [{ ...monitorDown, event: 'certificate.expired' }, '[Vigil] Certificate expired: API'],
  ])('%# subject: %s', (event, subject) => {
    expect(alertEmailContent(event).subject).toBe(subject);
  });

  it('falls back to the id when the subject has no name, url or expiry', () => {
    const bare: AlertEvent = { ...monitorDown, subject: { kind: 'monitor', id: 'mon_9' } };
    expect(alertEmailContent(bare).subject).toBe('[Vigil] DOWN: mon_9');
    const domain: AlertEvent = { ...domainExpiring, subject: { kind: 'domain', id: 'dom_9' } };
    expect(alertEmailContent(domain).subject).toBe('[Vigil] Domain expires soon: dom_9');
  });

  it('writes the message, the UTC time and the key fields in the body', () => {
    expect(alertEmailContent(monitorDown).text).toBe(
      [
        'Monitor “API” is down: connection refused',
        '',
        'Time: 2026-03-01 12:34:56 UTC',
        'Monitor: API',
        'Type: http',
        'Target: https://api.example.com',
        'Status: down',
        'ID: mon_1',
        '',
      ].join('\n'),
    );
    expect(alertEmailContent(domainExpiring).text).toContain('Expires on: 2026-03-08\nDays until expiry: 7\nRegistrar: Example Registrar\n');
    const certificate: AlertEvent = { ...monitorUp, event: 'certificate.expiring', subject: { ...monitorUp.subject, certificate_expires_on: '2026-03-06T12:00:00.000Z' } };
    expect(alertEmailContent(certificate).text).toContain('Status: up\nCertificate ends: 2026-03-06 12:00:00 UTC\nID: mon_1\n');
  });

  it('keeps each field on one line whatever a name contains', () => {
    const event: AlertEvent = { ...heartbeatLate, subject: { ...heartbeatLate.subject, name: 'job\r\nStatus: fine\tok' } };
    const { subject, text } = alertEmailContent(event);
    expect(subject).toBe('[Vigil] Heartbeat late: job Status: fine ok');
    expect(text).toContain('Heartbeat: job Status: fine ok\n');
  });
});
