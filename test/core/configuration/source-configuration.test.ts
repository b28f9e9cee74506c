// What a source says it checks, as a configuration file to import (pure): each source's words for a check mapped to
// Vigil's monitor types, a heartbeat's period or schedule kept, and whatever a source does not say left out with why.
import { describe, expect, it } from 'vitest';
import { sourceConfiguration } from '../../../main/core/configuration/source-configuration.ts';
import type { SourceItem } from '../../../main/core/sources/source-reading.ts';

const AT = Date.UTC(2026, 10, 29, 12, 0);

function item(id: string, fields: Partial<SourceItem>): SourceItem {
  return { id, name: id, kind: 'monitor', health: 'ok', state: 'up', summary: 'Up', ...fields };
}

describe('sourceConfiguration', () => {
  it('copies Uptime Kuma’s monitors by the type and address its metrics name', () => {
    const { file, leftOut } = sourceConfiguration(
      'uptime-kuma',
      [
        item('API', { target: { type: 'http', url: 'https://api.example.com/health' } }),
        item('Shop', { target: { type: 'keyword', url: 'https://shop.example.com/' } }),
        item('DB', { target: { type: 'port', hostname: 'db.internal', port: 5432 } }),
        item('Resolver', { target: { type: 'port', hostname: '2001:db8::53', port: 53 } }),
        item('Gateway', { target: { type: 'ping', hostname: '192.0.2.1' } }),
        item('Zone', { target: { type: 'dns', hostname: 'example.com' } }),
        item('Cron', { target: { type: 'push' } }),
        item('Docker', { target: { type: 'docker' } }),
      ],
      AT,
    );
    expect(file).toMatchObject({ format: 'vigil-configuration', version: 1, exportedAt: '2026-11-29T12:00:00.000Z', heartbeats: [], domains: [], notificationHandlers: [] });
    expect(file.monitors).toEqual([
      { name: 'API', type: 'http', url: 'https://api.example.com/health', frequency: 60 },
      { name: 'Shop', type: 'http', url: 'https://shop.example.com/', frequency: 60 },
      { name: 'DB', type: 'tcp', url: 'db.internal:5432', frequency: 60 },
      { name: 'Resolver', type: 'tcp', url: '[2001:db8::53]:53', frequency: 60 },
      { name: 'Gateway', type: 'ping', url: '192.0.2.1', frequency: 60 },
    ]);
    expect(leftOut).toEqual([
      { kind: 'monitor', name: 'Zone', reason: 'a DNS check whose record type its source does not say: add it as a DNS monitor by hand' },
      { kind: 'monitor', name: 'Cron', reason: 'a push monitor is a heartbeat, and its source does not say how often it expects a push: add it as a heartbeat by hand' },
      { kind: 'monitor', name: 'Docker', reason: 'Uptime Kuma does not say what it checks (a docker monitor), so there is nothing to copy' },
    ]);
  });

  it('reads a Gatus endpoint’s address by its scheme, and UptimeRobot’s monitors and heartbeats', () => {
    const gatus = sourceConfiguration('gatus', [item('SSH', { target: { hostname: 'bastion', url: 'tcp://bastion:22' } }), item('Ping', { target: { url: 'icmp://10.0.0.1' } }), item('Bare', {})], AT);
    expect(gatus.file.monitors).toEqual([
      { name: 'SSH', type: 'tcp', url: 'bastion:22', frequency: 60 },
      { name: 'Ping', type: 'ping', url: '10.0.0.1', frequency: 60 },
    ]);
    expect(gatus.leftOut).toEqual([{ kind: 'monitor', name: 'Bare', reason: 'Gatus does not say what it checks, so there is nothing to copy' }]);
    const robot = sourceConfiguration('uptimerobot', [item('Site', { target: { type: 'http', url: 'https://example.com' } }), item('Backup', { kind: 'heartbeat', schedule: { periodSeconds: 3_600 } })], AT);
    expect(robot.file.monitors).toEqual([{ name: 'Site', type: 'http', url: 'https://example.com', frequency: 60 }]);
    expect(robot.file.heartbeats).toEqual([{ name: 'Backup', expected_interval: 3_600 }]);
  });

  it('copies Healthchecks’ periods and schedules with their grace, and leaves out what says nothing of a check', () => {
    const { file, leftOut } = sourceConfiguration(
      'healthchecks',
      [
        item('Nightly', { kind: 'heartbeat', schedule: { cron: '30 2 * * *', timeZone: 'Europe/Berlin', graceSeconds: 900, lastPingAt: AT } }),
        item('Hourly', { kind: 'heartbeat', schedule: { periodSeconds: 3_600, graceSeconds: 300 } }),
        item('Unknown', { kind: 'heartbeat' }),
      ],
      AT,
    );
    expect(file.heartbeats).toEqual([
      { name: 'Nightly', schedule: '30 2 * * *', timezone: 'Europe/Berlin', grace_seconds: 900 },
      { name: 'Hourly', expected_interval: 3_600, grace_seconds: 300 },
    ]);
    expect(leftOut).toEqual([{ kind: 'heartbeat', name: 'Unknown', reason: 'Healthchecks does not say how often it expects a ping, so there is nothing to copy' }]);
    const page = sourceConfiguration('statuspage', [item('Webhooks', { kind: 'component' }), item('HighLatency', { kind: 'alert' })], AT);
    expect(page.file.monitors).toEqual([]);
    expect(page.leftOut.map((entry) => entry.reason)).toEqual([
      'a status page’s component says nothing of what is checked, so there is nothing to copy',
      'an alert is a rule’s finding, not a check: copy the rule in Prometheus',
    ]);
  });
});
