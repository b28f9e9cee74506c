// The subject line and plain-text body of an alert email.
import type { AlertEvent } from './alert-event.ts';
import type { EmailContent } from './email-channel.ts';

type Subject = AlertEvent['subject'];

/** Key fields shown in the body, per subject kind, with their labels. */
const bodyFields: Record<Subject['kind'], [field: string, label: string][]> = {
  monitor: [
    ['name', 'Monitor'],
    ['type', 'Type'],
    ['url', 'Target'],
    ['last_status', 'Status'],
    ['certificate_expires_on', 'Certificate ends'],
    ['id', 'ID'],
  ],
  heartbeat: [
    ['name', 'Heartbeat'],
    ['slug', 'Slug'],
    ['expected_interval', 'Expected interval'],
    ['schedule', 'Schedule'],
    ['timezone', 'Time zone'],
    ['last_exit_code', 'Exit code'],
    ['last_ping', 'Last ping'],
    ['id', 'ID'],
  ],
  domain: [
    ['domain', 'Domain'],
    ['expires_on', 'Expires on'],
    ['days_until_expiry', 'Days until expiry'],
    ['registrar', 'Registrar'],
    ['id', 'ID'],
  ],
};

/** Date-times shown as the alert's own time is. */
const timeFields = new Set(['certificate_expires_on']);

export function alertEmailContent(event: AlertEvent): EmailContent {
  const lines = [event.message, '', `Time: ${utcTime(event.occurred_at)}`];
  for (const [field, label] of bodyFields[event.subject.kind]) {
    const text = fieldText(event.subject, field);
    const value = text !== undefined && timeFields.has(field) ? utcTime(text) : text;
    if (value !== undefined) lines.push(`${label}: ${value}`);
  }
  return { subject: `[Vigil] ${headline(event)}`, text: `${lines.join('\n')}\n` };
}

function headline(event: AlertEvent): string {
  const subject = event.subject;
  const name = fieldText(subject, 'name') ?? subject.id;
  switch (event.event) {
    case 'monitor.down':
    case 'monitor.up': {
      const url = fieldText(subject, 'url');
      const state = event.event === 'monitor.down' ? 'DOWN' : 'RECOVERED';
      return url === undefined ? `${state}: ${name}` : `${state}: ${name} (${url})`;
    }
    case 'heartbeat.late':
      return `Heartbeat late: ${name}`;
    case 'heartbeat.failed':
      return `Heartbeat failed: ${name}`;
    case 'heartbeat.recovered':
      return `Heartbeat recovered: ${name}`;
    case 'domain.expiring':
      return `Domain ${expiresIn(subject.days_until_expiry)}: ${domainOf(subject)}`;
    case 'domain.expired':
      return `Domain expired: ${domainOf(subject)}`;
    case 'certificate.expiring':
      return `Certificate expiring: ${name}`;
    case 'certificate.expired':
      return `Certificate expired: ${name}`;
  }
}

function domainOf(subject: Subject): string {
  return fieldText(subject, 'domain') ?? subject.id;
}

function expiresIn(days: unknown): string {
  if (typeof days !== 'number' || !Number.isInteger(days) || days < 0) return 'expires soon';
  if (days === 0) return 'expires today';
  return days === 1 ? 'expires in 1 day' : `expires in ${days} days`;
}

/** A string or number field as one line: a name must not be able to fake further lines of the body. */
function fieldText(subject: Subject, field: string): string | undefined {
  const value = subject[field];
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  return value.replace(/[\s\p{Cc}]+/gu, ' ').trim();
}

/** "2026-03-01 12:00:00 UTC"; the raw text when it is not a timestamp. */
function utcTime(occurredAt: string): string {
  const time = new Date(occurredAt);
  if (Number.isNaN(time.getTime())) return occurredAt;
  return `${time.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
