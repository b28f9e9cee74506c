// What an import would do, as a pure plan: matching counts, so look-alike items are neither lost nor doubled, and a
// run that stopped halfway is finished by the next one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planImport, type ExistingConfiguration } from '../../../main/core/configuration/import-plan.ts';

const none: ExistingConfiguration = { monitors: [], heartbeats: [], domains: [], handlers: [] };
const sections = (heartbeats: unknown[], domains: unknown[] = []) => ({ monitors: [], heartbeats, domains, notificationHandlers: [] });

describe('planImport', () => {
  it('creates every look-alike heartbeat (two with the default name), and only those the server lacks', () => {
    const file = sections([{ expected_interval: 60 }, { expected_interval: 3600 }, { name: 'Backup', expected_interval: 86_400 }]);
    expect(planImport(file, none).create.map((item) => item.name)).toEqual(['Heartbeat', 'Heartbeat', 'Backup']);
    const halfDone = { ...none, heartbeats: [{ id: 'h1', name: 'Heartbeat', expected_interval: 60 }] };
    const plan = planImport(file, halfDone);
    expect(plan.create.map((item) => item.name)).toEqual(['Heartbeat', 'Backup']);
    expect(plan.skipped).toEqual([{ kind: 'heartbeat', name: 'Heartbeat', reason: 'already on the server' }]);
  });

  it('keeps one domain per name: a second entry is skipped, in the file or on the server', () => {
    const file = sections([], [{ domain: 'example.org' }, { domain: 'EXAMPLE.org' }]);
    expect(planImport(file, none)).toEqual({
      create: [{ kind: 'domain', name: 'example.org', body: { domain: 'example.org' } }],
      skipped: [{ kind: 'domain', name: 'example.org', reason: 'listed earlier in the file' }],
    });
    expect(planImport(file, { ...none, domains: [{ id: 'd1', domain: 'example.org' }] }).skipped.map((item) => item.reason)).toEqual(['already on the server', 'already on the server']);
  });

  it('is idempotent: after creating what it planned, a second plan creates nothing, whatever was on the server', () => {
    const names = fc.constantFrom('Heartbeat', 'Backup', 'Cron');
    fc.assert(
      fc.property(fc.array(names, { maxLength: 12 }), fc.array(names, { maxLength: 6 }), (inFile, onServer) => {
        const file = sections(inFile.map((name) => ({ name, expected_interval: 60 })));
        const existing = { ...none, heartbeats: onServer.map((name, i) => ({ id: `h${i}`, name })) };
        const first = planImport(file, existing);
        const after = { ...none, heartbeats: [...existing.heartbeats, ...first.create.map((item, i) => ({ id: `new${i}`, name: item.name }))] };
        expect(planImport(file, after).create).toEqual([]);
        // Nothing in the file is lost: each name ends up on the server at least as often as the file lists it.
        for (const name of new Set(inFile)) {
          expect(after.heartbeats.filter((item) => item.name === name).length).toBeGreaterThanOrEqual(inFile.filter((n) => n === name).length);
        }
      }),
    );
  });
});
