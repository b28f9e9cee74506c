// What an import would do, as a pure plan: matching counts, so look-alike items are neither lost nor doubled, and a
// run that stopped halfway is finished by the next one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planImport, type ExistingConfiguration } from '../../../main/core/configuration/import-plan.ts';

const none: ExistingConfiguration = { monitors: [], heartbeats: [], domains: [], handlers: [] };
const vigil = { checks: true, cron: true };
const specOnly = { checks: false, cron: false };
const sections = (heartbeats: unknown[], domains: unknown[] = []) => ({ monitors: [], heartbeats, domains, notificationHandlers: [] });

describe('planImport', () => {
  it('creates every look-alike heartbeat (two with the default name), and only those the server lacks', () => {
    const file = sections([{ expected_interval: 60 }, { expected_interval: 3600 }, { name: 'Backup', expected_interval: 86_400 }]);
    expect(planImport(file, none, vigil).create.map((item) => item.name)).toEqual(['Heartbeat', 'Heartbeat', 'Backup']);
    const halfDone = { ...none, heartbeats: [{ id: 'h1', name: 'Heartbeat', expected_interval: 60 }] };
    const plan = planImport(file, halfDone, vigil);
    expect(plan.create.map((item) => item.name)).toEqual(['Heartbeat', 'Backup']);
    expect(plan.skipped).toEqual([{ kind: 'heartbeat', name: 'Heartbeat', reason: 'already on the server' }]);
  });

  it('keeps one domain per name: a second entry is skipped, in the file or on the server', () => {
    const file = sections([], [{ domain: 'example.org' }, { domain: 'EXAMPLE.org' }]);
    expect(planImport(file, none, vigil)).toEqual({
      create: [{ kind: 'domain', name: 'example.org', body: { domain: 'example.org' } }],
      skipped: [{ kind: 'domain', name: 'example.org', reason: 'listed earlier in the file' }],
    });
    expect(planImport(file, { ...none, domains: [{ id: 'd1', domain: 'example.org' }] }, vigil).skipped.map((item) => item.reason)).toEqual(['already on the server', 'already on the server']);
  });

  it('is idempotent: after creating what it planned, a second plan creates nothing, whatever was on the server', () => {
    const names = fc.constantFrom('Heartbeat', 'Backup', 'Cron');
    fc.assert(
      fc.property(fc.array(names, { maxLength: 12 }), fc.array(names, { maxLength: 6 }), (inFile, onServer) => {
        const file = sections(inFile.map((name) => ({ name, expected_interval: 60 })));
        const existing = { ...none, heartbeats: onServer.map((name, i) => ({ id: `h${i}`, name })) };
        const first = planImport(file, existing, vigil);
        const after = { ...none, heartbeats: [...existing.heartbeats, ...first.create.map((item, i) => ({ id: `new${i}`, name: item.name }))] };
        expect(planImport(file, after, vigil).create).toEqual([]);
        // Nothing in the file is lost: each name ends up on the server at least as often as the file lists it.
        for (const name of new Set(inFile)) {
          expect(after.heartbeats.filter((item) => item.name === name).length).toBeGreaterThanOrEqual(inFile.filter((n) => n === name).length);
        }
      }),
    );
  });
});

describe('planImport into a server that lacks an extension', () => {
  const monitor = {
    name: 'API',
    type: 'http',
    url: 'https://api.example/health',
    frequency: 60,
    method: 'POST',
    headers: { Authorization: 'Bearer ••••••••', 'X-Api-Key': '••••••••', Accept: 'application/json' },
    body: '{}',
    expect: { status: [200] },
    tls: { expiry_days: [14], ignore_errors: false },
    retry_seconds: 30,
  };
  const scheduled = { name: 'Backup', expected_interval: 90_000, schedule: '30 2 * * *', timezone: 'Europe/Berlin', grace_seconds: 900, max_runtime_seconds: 7200 };
  const dns = { name: 'Mail', type: 'dns', url: 'example.org', frequency: 300, dns: { record: 'MX' } };
  const file = { monitors: [monitor, dns], heartbeats: [scheduled], domains: [], notificationHandlers: [] };

  it('sends only the spec fields to a spec-only server and says per item what was not kept; a dns monitor is skipped', () => {
    const plan = planImport(file, none, specOnly);
    expect(plan.create).toEqual([
      {
        kind: 'monitor',
        name: 'API',
        target: 'https://api.example/health',
        body: { name: 'API', type: 'http', url: 'https://api.example/health', frequency: 60 },
        notKept:
          'Not kept, as the server does not offer the checks extension: method POST, headers Authorization, X-Api-Key and Accept, the request body, the expectations, the certificate settings and the re-check after 30 s.',
      },
      {
        kind: 'heartbeat',
        name: 'Backup',
        body: { name: 'Backup', expected_interval: 90_000 },
        notKept: 'Not kept, as the server does not offer schedules (cron): the schedule “30 2 * * *” in Europe/Berlin, the grace of 15 min and the longest run of 2 h; it expects a ping every 1 d 1 h instead.',
      },
    ]);
    expect(plan.skipped).toEqual([{ kind: 'monitor', name: 'Mail', reason: 'a dns monitor needs a server that offers the checks extension, and this one does not' }]);
  });

  it('sends the extension settings to a server that offers them, a schedule without its interval, and names the secrets to type again', () => {
    const plan = planImport(file, none, vigil);
    expect(plan.create.map(({ body, notKept }) => ({ body, notKept }))).toEqual([
      {
        body: { ...monitor, method: 'POST', headers: { Accept: 'application/json' } },
        notKept: "The values of the secret headers Authorization and X-Api-Key are not in the file: type them again in the monitor's Request section.",
      },
      { body: { name: 'Mail', type: 'dns', url: 'example.org', frequency: 300, dns: { record: 'MX' } }, notKept: undefined },
      { body: { name: 'Backup', schedule: '30 2 * * *', timezone: 'Europe/Berlin', grace_seconds: 900, max_runtime_seconds: 7200 }, notKept: undefined },
    ]);
  });
});
