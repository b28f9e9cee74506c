// Heartbeats on a cron schedule, with start, fail and exit-code pings, over real HTTP on a clock the test moves; the
// alerts reach a real webhook receiver through the service's real alert path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceUntil, manualClock, type ManualClock } from '../../helpers/manual-clock.ts';
import { startTestService, type TestService } from '../../helpers/service-harness.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver.ts';

type Heartbeat = Record<string, unknown> & { id: string; ping_url: string };
type Alert = { event: string; message: string; subject: { id: string } & Record<string, unknown> };
type Run = Record<string, unknown>;

let clock: ManualClock;
let service: TestService;
let webhook: WebhookReceiver;

beforeAll(async () => {
  webhook = await startWebhookReceiver();
  clock = manualClock(Date.now());
  service = await startTestService({}, { clock });
  await service.api('/notifications', { method: 'POST', body: { name: 'hook', type: 'webhook', destination: webhook.url } });
});
afterAll(async () => {
  await service.stop();
  await webhook.close();
});

async function create(body: Record<string, unknown>): Promise<Heartbeat> {
  const created = await service.api('/heartbeats', { method: 'POST', body });
  expect(created.status, created.text).toBe(201);
  return created.json as Heartbeat;
}

async function read(heartbeat: Heartbeat): Promise<Heartbeat> {
  return (await service.api(`/heartbeats/${heartbeat.id}`)).json as Heartbeat;
}

async function ping(heartbeat: Heartbeat, suffix = '', init: RequestInit = { method: 'POST' }): Promise<Response> {
  return fetch(`${heartbeat.ping_url}${suffix}`, init);
}

async function runs(heartbeat: Heartbeat, query = ''): Promise<Run[]> {
  const answer = await service.api(`/heartbeats/${heartbeat.id}/runs${query}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.json as Run[];
}

const alertsFor = (heartbeat: Heartbeat) => webhook.requests.map((request) => request.body as Alert).filter((alert) => alert.subject.id === heartbeat.id);

/** Waits (in real time) until the heartbeat has had `count` alerts delivered. */
async function alerts(heartbeat: Heartbeat, count: number): Promise<Alert[]> {
  for (let waited = 0; alertsFor(heartbeat).length < count; waited += 10) {
    if (waited > 5_000) throw new Error(`expected ${count} alerts, got ${JSON.stringify(alertsFor(heartbeat))}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return alertsFor(heartbeat);
}

/**
 * Lets deliveries that should not happen have their chance to: the service decides an alert in the step that
 * handles the ping or fires the clock's timer, so by now any delivery has started, and an idle dispatcher has
 * finished it.
 */
const settle = () => service.dispatcher.idle();

describe('a heartbeat on a cron schedule', () => {
  it('is expected at each occurrence, late after occurrence + grace, and back on the next success', async () => {
    const heartbeat = await create({ name: 'Sync', schedule: '*/10 * * * *', timezone: 'Europe/Berlin', grace_seconds: 120 });
    const next = Date.parse(heartbeat.next_expected_at as string);
    expect(next % 600_000).toBe(0);
    expect(next).toBeGreaterThan(clock.now());
    expect(next - clock.now()).toBeLessThanOrEqual(600_000);
    expect(heartbeat).toMatchObject({ schedule: '*/10 * * * *', timezone: 'Europe/Berlin', grace_seconds: 120, expected_interval: 600 });

    clock.advance(next + 120_000 - clock.now());
    await settle();
    expect(alertsFor(heartbeat)).toEqual([]);
    clock.advance(5_000);
    const [late] = await alerts(heartbeat, 1);
    expect(late).toMatchObject({ event: 'heartbeat.late', subject: { kind: 'heartbeat', schedule: '*/10 * * * *' } });
    // Lengths of time, never an ISO time: the event has its own time, shown where the reader's locale is known.
    expect(late?.message).toBe('Heartbeat “Sync” is late: no ping yet (due 2 min earlier, on “*/10 * * * *” in Europe/Berlin).');

    expect((await ping(heartbeat)).status).toBe(200);
    const [, recovered] = await alerts(heartbeat, 2);
    expect(recovered?.event).toBe('heartbeat.recovered');
    const after = await read(heartbeat);
    expect(after.last_ping).toBe(new Date(clock.now()).toISOString());
    expect(Date.parse(after.next_expected_at as string)).toBe(Math.floor(clock.now() / 600_000) * 600_000 + 600_000);
  });

  it('takes the service’s time zone when none is given, and refuses a time zone without a schedule', async () => {
    const heartbeat = await create({ schedule: '0 3 * * *' });
    expect(heartbeat.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const refused = await service.api('/heartbeats', { method: 'POST', body: { timezone: 'UTC' } });
    expect(refused.json).toMatchObject({ error: { details: [{ field: 'timezone', message: 'is used only with schedule' }] } });
  });

  it('gives the longest gap as expected_interval, so a client that knows only the spec never calls it late early', async () => {
    const weekdays = await create({ schedule: '0 9 * * 1-5', timezone: 'UTC' });
    expect(weekdays.expected_interval).toBe(3 * 86_400);
  });

  it('shows next_expected_at on interval heartbeats too', async () => {
    const heartbeat = await create({ expected_interval: 300 });
    expect(Date.parse(heartbeat.next_expected_at as string)).toBe(clock.now() + 300_000);
    expect(heartbeat).not.toHaveProperty('schedule');
    expect(heartbeat).not.toHaveProperty('grace_seconds');
  });
});

describe('start, success, fail and exit-code pings', () => {
  it('times a run from its start to its success, and keeps its log', async () => {
    const heartbeat = await create({ name: 'Backup', expected_interval: 86_400 });
    expect((await ping(heartbeat, '/start', { method: 'GET' })).status).toBe(200);
    const started = clock.now();
    const running = await read(heartbeat);
    expect(running).toMatchObject({ last_start: new Date(started).toISOString() });
    expect(running).not.toHaveProperty('last_end'); // no run has ended: a client sees this one is open
    expect(await runs(heartbeat)).toEqual([{ started_at: new Date(started).toISOString(), outcome: 'running' }]);

    clock.advance(90_500);
    const end = await ping(heartbeat, '/0', { method: 'POST', body: 'copied 12 files\n', headers: { 'content-type': 'text/plain' } });
    expect([end.status, await end.text()]).toEqual([200, 'OK\n']);
    expect(await read(heartbeat)).toMatchObject({
      last_ping: new Date(clock.now()).toISOString(),
      last_start: new Date(started).toISOString(),
      last_end: new Date(clock.now()).toISOString(),
      last_duration_ms: 90_500,
      last_exit_code: 0,
      last_outcome: 'success',
    });
    expect(await runs(heartbeat)).toEqual([
      {
        started_at: new Date(started).toISOString(),
        ended_at: new Date(clock.now()).toISOString(),
        duration_ms: 90_500,
        outcome: 'success',
        exit_code: 0,
        log: 'copied 12 files\n',
      },
    ]);
    await settle();
    expect(alertsFor(heartbeat)).toEqual([]);
  });

  it('alerts at once on /fail and on a non-zero exit code, once per failure, and recovers on a success', async () => {
    const heartbeat = await create({ name: 'Backup', expected_interval: 86_400 });
    await ping(heartbeat, '/start');
    expect((await ping(heartbeat, '/fail')).status).toBe(200);
    const [failed] = await alerts(heartbeat, 1);
    expect(failed).toMatchObject({ event: 'heartbeat.failed', message: 'Heartbeat “Backup” failed.', subject: { kind: 'heartbeat', last_outcome: 'failed' } });
    const afterFail = await read(heartbeat);
    expect(afterFail).not.toHaveProperty('last_ping');
    expect(afterFail).toMatchObject({ last_end: new Date(clock.now()).toISOString() }); // a failure ends the run too

    // Still failing: the alert is out already.
    await ping(heartbeat, '/3');
    await settle();
    expect(alertsFor(heartbeat)).toHaveLength(1);

    await ping(heartbeat);
    const [, recovered] = await alerts(heartbeat, 2);
    expect(recovered?.event).toBe('heartbeat.recovered');
    const read1 = await read(heartbeat);
    expect(read1).toMatchObject({ last_outcome: 'success' });
    expect(read1).not.toHaveProperty('last_exit_code'); // a plain success reports none

    await ping(heartbeat, '/2', { method: 'POST', body: 'rsync: disk full' });
    const [, , exit] = await alerts(heartbeat, 3);
    expect(exit).toMatchObject({ event: 'heartbeat.failed', message: 'Heartbeat “Backup” failed (exit code 2).', subject: { last_exit_code: 2 } });
    expect((await runs(heartbeat, '?limit=1'))[0]).toMatchObject({ outcome: 'failed', exit_code: 2, log: 'rsync: disk full' });
    expect((await runs(heartbeat)).map((run) => run.outcome)).toEqual(['failed', 'success', 'failed', 'failed']);

    // The history's pings are the successes only, as `last_ping` is (written in its next batch).
    await advanceUntil(clock, async () => ((await service.api(`/heartbeats/${heartbeat.id}/pings`)).json as unknown[]).length > 0);
    expect((await service.api(`/heartbeats/${heartbeat.id}/pings`)).json).toEqual([{ at: read1.last_ping }]);

    // The history's events record each change.
    const events = async () => (await service.api(`/events?item=heartbeat:${heartbeat.id}`)).json as { from: string; to: string; detail: string }[];
    await advanceUntil(clock, async () => (await events()).length >= 3);
    expect((await events()).map((event) => [event.from, event.to, event.detail])).toEqual([
      ['waiting', 'failed', 'the job reported a failure'],
      ['failed', 'up', 'pinged again'],
      ['up', 'failed', 'exit code 2'],
    ]);
  });

  it('alerts “ran too long” when a started run outlives max_runtime_seconds, and recovers when it ends well', async () => {
    const heartbeat = await create({ name: 'Export', expected_interval: 86_400, max_runtime_seconds: 60 });
    await ping(heartbeat, '/start');
    const started = clock.now();
    clock.advance(60_000);
    await settle();
    expect(alertsFor(heartbeat)).toEqual([]);
    clock.advance(5_000);
    const [late] = await alerts(heartbeat, 1);
    expect(late).toMatchObject({
      event: 'heartbeat.late',
      // Seen by the first scan after the limit: up to 5 s later.
      message: expect.stringMatching(/^Heartbeat “Export” ran too long: the run started 1 min( [1-5] s)? earlier has not ended within 60 s\.$/),
    });
    clock.advance(10_000);
    await ping(heartbeat, '/0');
    const [, recovered] = await alerts(heartbeat, 2);
    expect(recovered?.event).toBe('heartbeat.recovered');
    expect(await read(heartbeat)).toMatchObject({ last_duration_ms: clock.now() - started });
  });

  it('ends an unfinished run when a new one starts', async () => {
    const heartbeat = await create({ expected_interval: 3600 });
    await ping(heartbeat, '/start', { method: 'POST', body: 'first' });
    clock.advance(1_000);
    await ping(heartbeat, '/start');
    clock.advance(1_000);
    await ping(heartbeat);
    expect(await runs(heartbeat)).toMatchObject([
      { outcome: 'success', duration_ms: 1_000 },
      { outcome: 'unfinished', log: 'first' },
    ]);
  });

  it('accepts HEAD on every ping URL, and no token is needed', async () => {
    const heartbeat = await create({ expected_interval: 3600 });
    for (const suffix of ['/start', '/0', '/fail', '/255', '']) {
      const answer = await ping(heartbeat, suffix, { method: 'HEAD' });
      expect(answer.status, suffix).toBe(200);
    }
    expect(await runs(heartbeat)).toHaveLength(4);
  });

  it.each(['/256', '/-1', '/1.5', '/0x1', '/begin', '/1000'])('answers 400 for a ping URL ending in %s, recording nothing', async (suffix) => {
    const heartbeat = await create({ expected_interval: 3600 });
    const answer = await ping(heartbeat, suffix);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: { code: 'bad_request', message: expect.stringContaining('an exit code from 0 to 255') } });
    expect(await runs(heartbeat)).toEqual([]);
  });

  it('answers 404 for an unknown slug, whatever the suffix', async () => {
    for (const suffix of ['', '/start', '/fail', '/0', '/begin', '/256']) {
      expect((await fetch(`${service.origin}/ping/no-such-slug${suffix}`)).status, suffix).toBe(404);
    }
  });
});

describe('run logs', () => {
  it('keeps the first 10 KB of a ping’s body, never half a character, and says it was cut', async () => {
    const heartbeat = await create({ expected_interval: 3600 });
    await ping(heartbeat, '/0', { method: 'POST', body: '€'.repeat(5_000) }); // 15,000 bytes
    const [run] = await runs(heartbeat);
    expect(run?.log).toBe('€'.repeat(3_413)); // 10,239 bytes: the 3,414th character would not fit whole
    expect(run?.log_truncated).toBe(true);
  });

  it('keeps a start’s log until an end brings its own', async () => {
    const heartbeat = await create({ expected_interval: 3600 });
    await ping(heartbeat, '/start', { method: 'POST', body: 'starting' });
    await ping(heartbeat, '/0');
    await ping(heartbeat, '/start', { method: 'POST', body: 'starting' });
    await ping(heartbeat, '/fail', { method: 'POST', body: 'boom' });
    expect((await runs(heartbeat)).map((run) => run.log)).toEqual(['boom', 'starting']);
  });

  it('keeps each heartbeat’s newest 100 runs, and pages back with before', async () => {
    const heartbeat = await create({ expected_interval: 3600 });
    for (let index = 0; index < 105; index++) {
      await ping(heartbeat, '', { method: 'POST', body: `run ${index}` });
      clock.advance(10);
    }
    const kept = await runs(heartbeat, '?limit=1000');
    expect(kept).toHaveLength(100);
    expect([kept[0]?.log, kept.at(-1)?.log]).toEqual(['run 104', 'run 5']);
    const page = await runs(heartbeat, `?limit=2&before=${encodeURIComponent(kept[1]?.ended_at as string)}`);
    expect(page.map((run) => run.log)).toEqual(['run 102', 'run 101']);
  });

  it('never ends a page inside a millisecond, so paging back with before skips no run', async () => {
    const heartbeat = await create({ expected_interval: 3600 });
    // Five runs: one, then three ending in the same millisecond (the clock stands still), then one more.
    for (const [log, step] of [['a', 10], ['b', 0], ['c', 0], ['d', 10], ['e', 10]] as const) {
      await ping(heartbeat, '/fail', { method: 'POST', body: log });
      clock.advance(step);
    }
    expect((await runs(heartbeat)).map((run) => run.log)).toEqual(['e', 'd', 'c', 'b', 'a']);
    // A page of 2 would end between d and c, which share their millisecond with b: it takes them too.
    const first = await runs(heartbeat, '?limit=2');
    expect(first.map((run) => run.log)).toEqual(['e', 'd', 'c', 'b']);
    const second = await runs(heartbeat, `?limit=2&before=${encodeURIComponent(first.at(-1)?.ended_at as string)}`);
    expect(second.map((run) => run.log)).toEqual(['a']);
    // A page that ends at a millisecond of its own is as long as asked.
    expect((await runs(heartbeat, '?limit=1')).map((run) => run.log)).toEqual(['e']);
  });

  it('answers runs like the history: 404 for an unknown heartbeat, 400 naming a bad parameter', async () => {
    expect((await service.api('/heartbeats/hb_nope/runs')).status).toBe(404);
    const bad = await service.api('/heartbeats/hb_nope/runs?limit=0');
    expect(bad.json).toMatchObject({ error: { code: 'validation_failed', details: [{ field: 'limit' }] } });
  });
});

describe('bad fields', () => {
  it.each([
    [{ schedule: '0 0 * * * *' }, 'schedule', /^must have 5 fields, not 6/],
    [{ schedule: 'every night' }, 'schedule', /^must have 5 fields, not 2/],
    [{ schedule: '61 * * * *' }, 'schedule', /^is not a valid cron expression: .*minute/],
    [{ schedule: '0 0 30 2 *' }, 'schedule', /^never fires/],
    [{ schedule: '@reboot' }, 'schedule', /^must be a cron expression/],
    [{ schedule: ['0 3 * * *'] }, 'schedule', /^must be text$/],
    [{ schedule: '0 3 * * *', expected_interval: 3600 }, 'schedule', /^must not be given together with expected_interval/],
    [{ schedule: '0 3 * * *', timezone: 'Europe/Atlantis' }, 'timezone', /IANA time zone/],
    [{ timezone: 'UTC' }, 'timezone', /^is used only with schedule$/],
    [{ grace_seconds: 5 }, 'grace_seconds', /^must be between 10 seconds and 366 days$/],
    [{ grace_seconds: '600' }, 'grace_seconds', /^must be a number$/],
    [{ max_runtime_seconds: 0 }, 'max_runtime_seconds', /^must be between 10 seconds and 30 days$/],
    [{ max_runtime_seconds: 99.5 }, 'max_runtime_seconds', /^must be a whole number of seconds$/],
  ])('refuses %j with a 400 naming %s', async (body, field, message) => {
    const answer = await service.api('/heartbeats', { method: 'POST', body });
    expect(answer.status).toBe(400);
    const details = (answer.json as { error: { code: string; details: { field: string; message: string }[] } }).error.details;
    expect(details.map((detail) => detail.field)).toEqual([field]);
    expect(details[0]?.message).toMatch(message);
  });
});
