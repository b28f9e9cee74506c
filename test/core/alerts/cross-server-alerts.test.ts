// Alerts from several servers at once: named by their server, a burst across servers told as one summary, and
// (the property) every alert either told once or counted once in that summary — none lost, none doubled.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AlertView } from '../../../common/ipc/views.ts';
import { changesIn, crossServerAlerts, type Alert, type ServerAlert } from '../../../main/core/alerts/index.ts';
import { AlertSettling, settleWindowMs } from '../../../main/core/app/alert-settling.ts';
import { manualClock } from '../../helpers/manual-clock.ts';

const names: Record<string, string> = { work: 'Work', side: 'Side project', local: 'Home' };

function alert(connectionId: string, n: number, fields: Partial<Alert> = {}): ServerAlert {
  return {
    alert: { id: `${connectionId}|monitor-down|monitor:${n}|1`, kind: 'monitor-down', severity: 'critical', title: `API ${n} is down`, body: 'Down.', itemKey: `monitor:${n}`, connectionId, ...fields },
    serverName: names[connectionId] ?? connectionId,
  };
}

describe('crossServerAlerts', () => {
  it('names the server of each alert when several are watched, and opens its item on its server', () => {
    const [told] = crossServerAlerts([alert('work', 1)], { serverCount: 2, burstLimit: 3, now: 5 });
    expect(told).toEqual({ id: 'work|monitor-down|monitor:1|1', kind: 'monitor-down', severity: 'critical', title: 'Work · API 1 is down', body: 'Down.', itemKey: 'work/monitor:1', connectionId: 'work' });
    expect(crossServerAlerts([alert('work', 1)], { serverCount: 1, burstLimit: 3, now: 5 })[0]?.title).toBe('API 1 is down');
    // The body's own " · Work" (how one server's alerts name it) goes when the title names the server.
    const named = alert('work', 1, { body: 'The check of https://api.example failed. · Work' });
    expect(crossServerAlerts([named], { serverCount: 2, burstLimit: 3, now: 5 })[0]?.body).toBe('The check of https://api.example failed.');
    expect(crossServerAlerts([named], { serverCount: 1, burstLimit: 3, now: 5 })[0]?.body).toBe('The check of https://api.example failed. · Work');
    // A connection's own news names it already.
    const lost = alert('work', 1, { kind: 'connection-lost', title: "Can't reach Work", itemKey: undefined });
    expect(crossServerAlerts([lost], { serverCount: 2, burstLimit: 3, now: 5 })[0]).toMatchObject({ title: "Can't reach Work", connectionId: 'work' });
    expect(crossServerAlerts([lost], { serverCount: 2, burstLimit: 3, now: 5 })[0]).not.toHaveProperty('itemKey');
  });

  it('tells a burst across servers as one summary, counting what each server summed up itself', () => {
    const batch = [alert('work', 1), alert('work', 2), alert('side', 3, { kind: 'summary', covers: 3, title: '3 monitors down', itemKey: undefined }), alert('local', 4, { severity: 'warning' })];
    expect(crossServerAlerts(batch, { serverCount: 3, burstLimit: 3, now: 5 })).toEqual([
      {
        id: 'servers|summary|work|monitor-down|monitor:1|1|5',
        kind: 'summary',
        severity: 'critical',
        title: '6 problems on 3 servers',
        body: 'Work · API 1 is down; Work · API 2 is down; Side project · 3 monitors down and 1 more.',
      },
    ]);
  });

  it('leaves a burst on one server as that server told it', () => {
    const batch = [1, 2, 3, 4].map((n) => alert('work', n));
    expect(crossServerAlerts(batch, { serverCount: 2, burstLimit: 3, now: 5 }).map((view) => view.title)).toEqual(['Work · API 1 is down', 'Work · API 2 is down', 'Work · API 3 is down', 'Work · API 4 is down']);
  });

  it('loses and doubles no alert across servers', () => {
    const entry = fc
      .record({ server: fc.constantFrom('work', 'side', 'local'), n: fc.nat(50), covers: fc.option(fc.integer({ min: 2, max: 9 }), { nil: undefined }), info: fc.boolean() })
      .map(({ server, n, covers, info }) => alert(server, n, { ...(covers === undefined ? {} : { kind: 'summary', covers }), severity: info ? 'info' : 'critical' }));
    fc.assert(
      fc.property(fc.uniqueArray(entry, { selector: ({ alert: a }) => a.id, maxLength: 12 }), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 3 }), (batch, burstLimit, serverCount) => {
        const told = crossServerAlerts(batch, { serverCount, burstLimit, now: 5 });
        const changes = batch.reduce((sum, { alert: a }) => sum + changesIn(a), 0);
        const summaries = told.filter((view) => view.id.startsWith('servers|summary|'));
        if (summaries.length === 0) {
          // Each alert told once, in order.
          expect(told.map((view) => view.id)).toEqual(batch.map(({ alert: a }) => a.id));
        } else {
          // One summary, standing for every change of the batch and nothing else.
          expect(told).toHaveLength(1);
          expect(summaries[0]?.title).toMatch(new RegExp(`^${changes} (problems|changes) on ${new Set(batch.map(({ alert: a }) => a.connectionId)).size} servers$`));
        }
      }),
    );
  });
});

describe('AlertSettling', () => {
  function setUp(serverCount: number) {
    const clock = manualClock();
    const told: AlertView[] = [];
    const settling = new AlertSettling({ clock, serverCount: () => serverCount, burstLimit: () => 3, emit: (view) => told.push(view) });
    return { clock, told, settling };
  }

  it('passes a lone server’s alerts on at once', () => {
    const { told, settling } = setUp(1);
    settling.push(alert('work', 1).alert, 'Work');
    expect(told.map((view) => view.title)).toEqual(['API 1 is down']);
  });

  it('waits the settle window with several servers, then tells a burst across them as one summary', () => {
    const { clock, told, settling } = setUp(3);
    settling.push(alert('work', 1).alert, 'Work');
    settling.push(alert('work', 2).alert, 'Work');
    clock.advance(settleWindowMs - 1);
    settling.push(alert('side', 3).alert, 'Side project');
    settling.push(alert('local', 4).alert, 'Home');
    settling.push(alert('local', 5).alert, 'Home');
    expect(told).toEqual([]);
    clock.advance(1);
    expect(told.map((view) => view.title)).toEqual(['5 problems on 3 servers']);
    settling.push(alert('side', 6).alert, 'Side project');
    clock.advance(settleWindowMs);
    expect(told.map((view) => view.title)).toEqual(['5 problems on 3 servers', 'Side project · API 6 is down']);
  });

  it("drops a removed connection's alerts still waiting", () => {
    const { clock, told, settling } = setUp(2);
    settling.push(alert('work', 1).alert, 'Work');
    settling.push(alert('side', 2).alert, 'Side project');
    settling.forget('side');
    clock.advance(settleWindowMs);
    expect(told.map((view) => view.itemKey)).toEqual(['work/monitor:1']);
  });

  it('tells what is pending when flushed (the core stopping)', () => {
    const { told, settling } = setUp(2);
    settling.push(alert('work', 1).alert, 'Work');
    settling.flush();
    expect(told.map((view) => view.itemKey)).toEqual(['work/monitor:1']);
  });
});
