// A heartbeat has two problems, late and failed, so what a window owes at its end depends on which one the handlers
// were told of before it: a failure is new to handlers that knew it late, a recovery is owed whichever problem they
// knew, and nothing is owed for a heartbeat back in the problem they knew. The real service, across a restart too.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advanceUntil } from '../../helpers/manual-clock.ts';
import { openMaintenanceFixture, type MaintenanceFixture } from './maintenance-fixture.ts';

type Heartbeat = { id: string; ping_url: string };

let fixture: MaintenanceFixture;
beforeEach(async () => {
  fixture = await openMaintenanceFixture(Date.UTC(2026, 10, 5, 9, 0));
});
afterEach(() => fixture.close());

async function heartbeat(name: string): Promise<Heartbeat> {
  return (await fixture.api('/heartbeats', { method: 'POST', body: { name, expected_interval: 60 } })).json as Heartbeat;
}

const fail = (job: Heartbeat) => fetch(`${job.ping_url}/fail`, { method: 'POST' });
const succeed = (job: Heartbeat) => fetch(job.ping_url, { method: 'POST' });

/** Lets the heartbeat miss its deadline, and waits until the handlers (or the window) have its late alert. */
async function late(job: Heartbeat): Promise<void> {
  await advanceUntil(fixture.clock, async () => ((await fixture.api(`/events?item=heartbeat:${job.id}`)).json as { to: string }[]).some((event) => event.to === 'late'), { maxSeconds: 300 });
  await fixture.deliveries();
}

/** Runs `inside` in a window on the heartbeat, ends the window, and answers what the handlers heard meanwhile. */
async function window(job: Heartbeat, inside: () => Promise<void>): Promise<string[]> {
  const before = fixture.told().length;
  const held = await fixture.startMaintenance({ item: `heartbeat:${job.id}` });
  await inside();
  await fixture.deliveries();
  expect(fixture.told().slice(before)).toEqual([]);
  await fixture.api(`/maintenance/${held.id}/end`, { method: 'POST' });
  await fixture.deliveries();
  return fixture.told().slice(before);
}

describe('held heartbeat alerts', () => {
  it('tell a failure to handlers that knew the heartbeat late, and its recovery when it failed and recovered inside', async () => {
    const job = await heartbeat('Backup');
    await late(job);
    expect(fixture.told()).toEqual(['heartbeat.late Backup']);
    expect(await window(job, () => fail(job).then(() => undefined))).toEqual(['heartbeat.failed Backup']);

    const other = await heartbeat('Export');
    await late(other);
    expect(await window(other, async () => {
      await fail(other);
      await succeed(other);
    })).toEqual(['heartbeat.recovered Export']);
  });

  it('tell nothing for a heartbeat failed before and failed again after recovering inside; a recovery when it stays recovered', async () => {
    const job = await heartbeat('Backup');
    await fail(job);
    await fixture.webhook.waitFor(1);
    expect(await window(job, async () => {
      await succeed(job);
      await fail(job);
    })).toEqual([]);
    expect(await window(job, () => succeed(job).then(() => undefined))).toEqual(['heartbeat.recovered Backup']);
  });

  it('tell a failure inside a window to handlers that knew the heartbeat up', async () => {
    const job = await heartbeat('Backup');
    await succeed(job);
    expect(await window(job, () => fail(job).then(() => undefined))).toEqual(['heartbeat.failed Backup']);
  });

  it('know after a restart which problem the handlers were told of', async () => {
    const before = await heartbeat('Backup');
    await late(before);
    await fixture.restart();
    // The restarted service listens on a port of its own.
    const job = (await fixture.api(`/heartbeats/${before.id}`)).json as Heartbeat;
    expect(await window(job, async () => {
      await fail(job);
      await succeed(job);
    })).toEqual(['heartbeat.recovered Backup']);
  });
});
