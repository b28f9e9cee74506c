// "Your data out and in" against two real services: the export reads back into another service the same; an import
// run twice adds nothing; a dry run creates nothing; the first refusal stops it with nothing half made; a file that is
// not a configuration is refused in one sentence.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { MonitorCreateBody } from '../../../common/api/index.ts';
import { MonitoringClient } from '../../../main/core/api/index.ts';
import { configurationExportFile, exportConfiguration } from '../../../main/core/configuration/export-configuration.ts';
import { importConfiguration } from '../../../main/core/configuration/import-configuration.ts';
import { startTestService, type TestService } from '../../helpers/service-harness.ts';

let source: TestService;
let target: TestService;
const clientOf = (service: TestService) => new MonitoringClient({ baseUrl: service.apiUrl, token: () => service.token });

beforeAll(async () => {
  [source, target] = await Promise.all([startTestService(), startTestService()]);
  const api = clientOf(source);
  await api.createMonitor({ name: 'API', type: 'http', url: 'http://127.0.0.1:9/health', frequency: 60 });
  await api.createMonitor({ name: 'DB', type: 'tcp', url: '127.0.0.1:9', frequency: 30 });
  // Two lookups of one name are two monitors; nothing listens on port 9 of loopback, so no query leaves the machine.
  await api.createMonitor({ name: 'Mail', type: 'dns', url: 'example.org', frequency: 300, dns: { record: 'MX', expect: ['10 mail.example.org'], resolver: '127.0.0.1:9' } });
  await api.createMonitor({ name: 'Web address', type: 'dns', url: 'example.org', frequency: 300, dns: { record: 'A', resolver: '127.0.0.1:9' } });
  await api.createHeartbeat({ name: 'Nightly backup', expected_interval: 86_400 });
  await api.createDomain({ domain: 'example.org' });
  await api.createNotificationHandler({ name: 'On call', type: 'email', destination: 'oncall@example.org' });
});
afterAll(async () => {
  await Promise.all([source.stop(), target.stop()]);
});

/** A configuration without its time, its lists in a stable order: what two exports must share. */
async function configurationOf(service: TestService) {
  const { exportedAt: _time, ...rest } = await exportConfiguration(clientOf(service), Date.now());
  const sorted = <T>(list: T[]) => [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return { ...rest, monitors: sorted(rest.monitors), heartbeats: sorted(rest.heartbeats), domains: sorted(rest.domains), notificationHandlers: sorted(rest.notificationHandlers) };
}

async function imported(text: string, dryRun: boolean, into = target) {
  const outcome = await importConfiguration(clientOf(into), text, { dryRun });
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.report;
}

describe('export and import', () => {
  it('round-trips between two services: a dry run first, then the import, then again with nothing to add', async () => {
    const file = configurationExportFile(await exportConfiguration(clientOf(source), Date.UTC(2026, 10, 24)));
    expect(file).toMatchObject({ fileName: 'vigil-configuration-2026-11-24.json', mimeType: 'application/json' });
    expect(JSON.parse(file.text)).toMatchObject({ format: 'vigil-configuration', version: 1, exportedAt: '2026-11-24T00:00:00.000Z' });

    const dry = await imported(file.text, true);
    expect(dry).toEqual({
      dryRun: true,
      created: [
        { kind: 'monitor', name: 'API', target: 'http://127.0.0.1:9/health' },
        { kind: 'monitor', name: 'DB', target: '127.0.0.1:9' },
        { kind: 'monitor', name: 'Mail', target: 'example.org' },
        { kind: 'monitor', name: 'Web address', target: 'example.org' },
        { kind: 'heartbeat', name: 'Nightly backup' },
        { kind: 'domain', name: 'example.org' },
        { kind: 'handler', name: 'On call', target: 'oncall@example.org' },
      ],
      skipped: [],
      failed: undefined,
    });
    expect((await clientOf(target).listMonitors()).items).toEqual([]);

    const done = await imported(file.text, false);
    // What was made is what the dry run said, a new heartbeat with the ping URL its job is to use from now on.
    const pingUrl = (await clientOf(target).listHeartbeats()).items[0]?.ping_url;
    expect(pingUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/ping\/\S+$/);
    expect(done).toEqual({ ...dry, dryRun: false, created: dry.created.map((entry) => (entry.kind === 'heartbeat' ? { ...entry, pingUrl } : entry)) });
    expect(await configurationOf(target)).toEqual(await configurationOf(source));

    const again = await imported(file.text, false);
    expect(again.created).toEqual([]);
    expect(again.skipped.map(({ kind, reason }) => [kind, reason])).toEqual([
      ['monitor', 'already on the server'],
      ['monitor', 'already on the server'],
      ['monitor', 'already on the server'],
      ['monitor', 'already on the server'],
      ['heartbeat', 'already on the server'],
      ['domain', 'already on the server'],
      ['handler', 'already on the server'],
    ]);
    expect(await configurationOf(target)).toEqual(await configurationOf(source));
  });

  it('skips what is not valid, keeps look-alikes, and stops at the first refusal with nothing half made', async () => {
    const text = JSON.stringify({
      format: 'vigil-configuration',
      version: 1,
      monitors: [
        { name: 'Status page', type: 'http', url: 'HTTPS://Status.Example.org', frequency: 60 },
        { name: 'Same page', type: 'http', url: 'https://status.example.org/', frequency: 120 },
        { name: 'Bad', type: 'smtp', url: 'example.org', frequency: 60 },
      ],
      heartbeats: [{ expected_interval: 5 }],
      domains: [],
      // Any server may offer "slack"; this one refuses it, so the handler after it is never sent.
      notificationHandlers: [
        { name: 'Chat', type: 'slack', destination: '#ops' },
        { name: 'Hook', type: 'webhook', destination: 'http://127.0.0.1:9/hook' },
      ],
    });
    // A service of its own: the round trip above must find the shared target empty, whichever runs first.
    const into = await startTestService();
    onTestFinished(() => into.stop());
    const report = await imported(text, false, into);
    // Two monitors of one address (at different frequencies) are two items: neither is lost.
    expect(report.created).toEqual([
      { kind: 'monitor', name: 'Status page', target: 'HTTPS://Status.Example.org' },
      { kind: 'monitor', name: 'Same page', target: 'https://status.example.org/' },
    ]);
    expect(report.skipped).toEqual([
      { kind: 'monitor', name: 'Bad', reason: 'not valid: type must be one of: http, tcp, udp, ping, dns' },
      { kind: 'heartbeat', name: 'heartbeat 1', reason: 'not valid: expected_interval must be between 10 seconds and 366 days' },
    ]);
    expect(report.failed).toMatchObject({ kind: 'handler', name: 'Chat', message: expect.stringMatching(/type/) });
    const handlers = (await clientOf(into).listNotificationHandlers()).items.map((handler) => handler.name);
    expect(handlers).not.toContain('Chat');
    expect(handlers).not.toContain('Hook');
  });

  it('carries the checks and the schedule settings into a fresh service; a secret header is named to give again', async () => {
    const [from, into] = await Promise.all([startTestService(), startTestService()]);
    try {
      const api = clientOf(from);
      const ordersMonitor = {
        name: 'Orders',
        type: 'http',
        url: 'http://127.0.0.1:9/orders',
        frequency: 300,
        method: 'POST',
        headers: { Accept: 'application/json', 'X-Tenant': 'acme', Authorization: 'Bearer s3cr3t-t0ken' },
        secret_headers: ['X-Tenant'],
        body: '{"deep":true}',
        expect: { status: [200, '3xx'], body_contains: 'ok', json: [{ path: '$.status', equals: 'ok' }], max_response_ms: 800 },
        tls: { expiry_days: [14, 3], ignore_errors: true },
        retry_seconds: 45,
      } satisfies MonitorCreateBody;
      await api.createMonitor(ordersMonitor);
      await api.createMonitor({ name: 'Plain', type: 'http', url: 'http://127.0.0.1:9/plain', frequency: 60 });
      await api.createHeartbeat({ name: 'Backup', schedule: '30 2 * * *', timezone: 'Europe/Berlin', grace_seconds: 900, max_runtime_seconds: 7200 });
      await api.createHeartbeat({ name: 'Sync', expected_interval: 600, grace_seconds: 120 });

      const exported = await exportConfiguration(api, Date.now());
      expect(exported.monitors).toEqual([
        // Secret values only masked: the file never holds a secret the server keeps.
        { ...ordersMonitor, headers: { Accept: 'application/json', 'X-Tenant': '••••••••', Authorization: 'Bearer ••••••••' } },
        // The defaults the service answers with stay out.
        { name: 'Plain', type: 'http', url: 'http://127.0.0.1:9/plain', frequency: 60 },
      ]);
      expect(exported.heartbeats).toEqual([
        { name: 'Backup', expected_interval: expect.any(Number), schedule: '30 2 * * *', timezone: 'Europe/Berlin', grace_seconds: 900, max_runtime_seconds: 7200 },
        { name: 'Sync', expected_interval: 600, grace_seconds: 120 },
      ]);
      expect(JSON.stringify(exported)).not.toContain('s3cr3t');
      expect(JSON.stringify(exported)).not.toMatch(/last_|certificate_|next_expected_at/);

      const outcome = await importConfiguration(clientOf(into), configurationExportFile(exported).text, { dryRun: false });
      if (!outcome.ok) throw new Error(outcome.message);
      expect(outcome.report.failed).toBeUndefined();
      expect(outcome.report.created.map(({ name, notKept }) => [name, notKept])).toEqual([
        ['Orders', "The values of the secret headers X-Tenant and Authorization are not in the file: type them again in the monitor's Request section."],
        ['Plain', undefined],
        ['Backup', undefined],
        ['Sync', undefined],
      ]);
      const again = await exportConfiguration(clientOf(into), Date.now());
      const [orders, ...rest] = exported.monitors;
      expect(again.monitors).toEqual([{ ...orders, headers: { Accept: 'application/json' } }, ...rest]);
      expect(again.heartbeats).toEqual(exported.heartbeats);
    } finally {
      await Promise.all([from.stop(), into.stop()]);
    }
  });

  it("keeps an address's secrets out of the file, and the import asks for them instead of sending a mask", async () => {
    // No request leaves the machine: the source's checks and webhook posts all fail here.
    const [from, into] = await Promise.all([startTestService({}, { fetch: () => Promise.reject(new Error('no network in this test')) }), startTestService()]);
    try {
      const api = clientOf(from);
      await api.createMonitor({ name: 'Status', type: 'http', url: 'http://127.0.0.1:9/status?region=eu&access_token=q7UvW2xYz9AbCdEfGhIjKlMn', frequency: 60 });
      await api.createMonitor({ name: 'Plain', type: 'http', url: 'http://127.0.0.1:9/plain?page=2', frequency: 60 });
      await api.createNotificationHandler({ name: 'Slack', type: 'webhook', destination: 'https://hooks.slack.com/services/T0AB12CD3/B0EF45GH6/sLaCkSeCrEt0123456789xyZ' });
      await api.createNotificationHandler({ name: 'Discord', type: 'webhook', destination: 'https://discord.com/api/webhooks/112233445566778899/dIsCoRdToKeN-abcdefghijklmnopqrstuvwxyz0123' });
      await api.createNotificationHandler({ name: 'Own hook', type: 'webhook', destination: 'https://hooks.example.org/vigil' });

      const text = configurationExportFile(await exportConfiguration(api, Date.now())).text;
      for (const secret of ['q7UvW2xYz9AbCdEfGhIj', 'sLaCkSeCrEt', 'T0AB12CD3', 'dIsCoRdToKeN']) expect(text).not.toContain(secret);
      const exported = JSON.parse(text) as { monitors: { url: string }[]; notificationHandlers: { destination: string }[] };
      // The host, the route and the harmless values stay, so a person sees what each address was.
      expect(exported.monitors.map(({ url }) => url)).toEqual(['http://127.0.0.1:9/status?region=eu&access_token=••••••••KlMn', 'http://127.0.0.1:9/plain?page=2']);
      expect(exported.notificationHandlers.map(({ destination }) => destination)).toEqual([
        'https://hooks.slack.com/services/••••••••/••••••••/••••••••9xyZ',
        'https://discord.com/api/webhooks/••••••••/••••••••0123',
        'https://hooks.example.org/vigil',
      ]);

      const outcome = await importConfiguration(clientOf(into), text, { dryRun: false });
      if (!outcome.ok) throw new Error(outcome.message);
      const again = 'is not in the file: type it again in place of •••••••• and import again';
      expect(outcome.report.skipped).toEqual([
        { kind: 'monitor', name: 'Status', reason: `the secret in its url ${again}` },
        { kind: 'handler', name: 'Slack', reason: `the secret in its destination ${again}` },
        { kind: 'handler', name: 'Discord', reason: `the secret in its destination ${again}` },
      ]);
      expect(outcome.report.created.map(({ name }) => name)).toEqual(['Plain', 'Own hook']);
      // Nothing masked reached the new server.
      const [monitors, handlers] = await Promise.all([clientOf(into).listMonitors(), clientOf(into).listNotificationHandlers()]);
      expect(JSON.stringify([monitors.items, handlers.items])).not.toContain('••');
    } finally {
      await Promise.all([from.stop(), into.stop()]);
    }
  });

  it('refuses a file that is not a configuration, in one sentence', async () => {
    const refusal = async (text: string) => {
      const outcome = await importConfiguration(clientOf(target), text, { dryRun: true });
      return outcome.ok ? undefined : outcome.message;
    };
    expect(await refusal('{not json')).toBe('The file is not JSON: choose a configuration file exported by Vigil.');
    expect(await refusal('{"monitors":[]}')).toBe('The file is not a Vigil configuration: its "format" is not "vigil-configuration".');
    expect(await refusal('{"format":"vigil-configuration","version":2}')).toBe('The configuration has version 2; this Vigil reads version 1.');
    expect(await refusal('{"format":"vigil-configuration","version":1,"domains":{}}')).toBe('The configuration\'s "domains" is not a list.');
  });
});
