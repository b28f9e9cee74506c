import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AlertEvent } from '../../../service/alerts/alert-event.ts';
import { DomainRefresher, type DomainRefresherOptions } from '../../../service/domains/domain-refresher.ts';
import { createRdapClient, type RdapClient } from '../../../service/domains/rdap-client.ts';
import type { NewHistoryEvent } from '../../../service/history/history-recorder.ts';
import { newId } from '../../../service/ids.ts';
import { openDatabase } from '../../../service/storage/database.ts';
import { DomainStore, type DomainRecord } from '../../../service/storage/domain-store.ts';
import { startRdapFixture, type RdapFixture } from '../../helpers/rdap-fixture.ts';
import { manualClock, type ManualClock } from '../../helpers/manual-clock.ts';
import { recordingLogger, type RecordingLogger } from '../../helpers/recording-logger.ts';

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

let dataDir: string;
let db: DatabaseSync;
let store: DomainStore;
let fixture: RdapFixture;
let clock: ManualClock;
let logger: RecordingLogger;
let alerts: AlertEvent[];
let events: NewHistoryEvent[];
let refresher: DomainRefresher | undefined;
/** Lookups the refresher has started and not yet seen settle. */
const inFlight = new Set<Promise<unknown>>();

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-domains-'));
  db = openDatabase(dataDir);
  store = new DomainStore(db);
  fixture = await startRdapFixture();
  clock = manualClock(Date.UTC(2026, 10, 1, 9, 30));
  logger = recordingLogger();
  alerts = [];
  events = [];
});

afterEach(async () => {
  await refresher?.stop();
  refresher = undefined;
  await fixture.close();
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function fixtureRdap(): RdapClient {
  const client = createRdapClient({ bootstrapUrl: fixture.bootstrapUrl, clock, allowHttp: true });
  return {
    lookup(domain, options) {
      const lookup = client.lookup(domain, options);
      const done = () => void inFlight.delete(lookup);
      inFlight.add(lookup);
      lookup.then(done, done);
      return lookup;
    },
  };
}

function startRefresher(options: Partial<DomainRefresherOptions> = {}): DomainRefresher {
  refresher = new DomainRefresher({
    store,
    rdap: fixtureRdap(),
    clock,
    logger,
    onAlert: (event) => alerts.push(event),
    recordEvent: (event) => events.push(event),
    toJson: (record) => ({ id: record.id, domain: record.domain, expires_on: record.expires_on }),
    ...options,
  });
  return refresher;
}

function addDomain(name: string): DomainRecord {
  return store.create(newId('domain'), { domain: name }, new Date(clock.now()).toISOString());
}

/** Waits until every lookup the refresher started (including ones queued behind them) is saved. */
async function settle(): Promise<void> {
  do {
    await Promise.allSettled([...inFlight]);
    await new Promise((resolve) => setImmediate(resolve));
  } while (inFlight.size > 0);
}

/** Lets time pass timer by timer, letting each pass's lookups finish before the clock moves on. */
async function passTime(ms: number): Promise<void> {
  const until = clock.now() + ms;
  while (clock.fireNext(until)) await settle();
  clock.advance(until - clock.now());
}

function lookupsOf(domain: string): number {
  return fixture.requests.filter((request) => request.path.endsWith(`/domain/${domain}`)).length;
}

function warnings(): Array<{ message: string; reason: unknown }> {
  return logger.entries
    .filter((entry) => entry.level === 'warn')
    .map((entry) => ({ message: entry.message, reason: entry.fields?.reason }));
}

describe('DomainRefresher with the RDAP fixture', () => {
  it('looks a new domain up at once and stores what the registry says', async () => {
    fixture.setDomain('example.test', { expiresOn: '2027-11-01', registrar: 'Example Registrar' });
    const record = addDomain('example.test');

    const saved = await startRefresher().lookupNow(record);

    expect(saved).toMatchObject({
      expires_on: '2027-11-01',
      registrar: 'Example Registrar',
      looked_up_at: clock.now(),
      lookup_error: undefined,
    });
    expect(store.get(record.id)).toEqual(saved);
    expect(alerts).toEqual([]);
  });

  it('alerts once per threshold as the days tick down, just after midnight UTC, then once when expired', async () => {
    fixture.setDomain('example.test', { expiresOn: '2026-12-03', registrar: 'R' });
    const record = addDomain('example.test');
    startRefresher().start();

    await passTime(40 * dayMs);

    expect(alerts.map((alert) => [alert.event, alert.message, alert.occurred_at.slice(0, 10)])).toEqual([
      ['domain.expiring', 'Domain example.test expires in 30 days (2026-12-03)', '2026-11-03'],
      ['domain.expiring', 'Domain example.test expires in 14 days (2026-12-03)', '2026-11-19'],
      ['domain.expiring', 'Domain example.test expires in 7 days (2026-12-03)', '2026-11-26'],
      ['domain.expiring', 'Domain example.test expires in 1 day (2026-12-03)', '2026-12-02'],
      ['domain.expired', 'Domain example.test expired on 2026-12-03', '2026-12-04'],
    ]);
    // Found by the pass right after midnight, not by the (jittered, mid-morning) daily lookup.
    for (const alert of alerts) expect(alert.occurred_at.slice(11)).toMatch(/^00:(0\d|1[0-4])/);
    expect(alerts[0]?.subject).toEqual({ kind: 'domain', id: record.id, domain: 'example.test', expires_on: '2026-12-03' });
    expect(store.get(record.id)?.alerted_threshold).toBe(-1);
    // About daily: 40 days at 24 h ± 10 %, plus the first lookup.
    expect(lookupsOf('example.test')).toBeGreaterThanOrEqual(37);
    expect(lookupsOf('example.test')).toBeLessThanOrEqual(46);
  });

  it('gives a domain first seen 5 days before expiry one alert for 7 days, then the next at 1 day', async () => {
    fixture.setDomain('late.test', { expiresOn: '2026-11-06' });
    const record = addDomain('late.test');
    const domainRefresher = startRefresher();
    domainRefresher.start();

    await domainRefresher.lookupNow(record);
    expect(alerts.map((alert) => alert.message)).toEqual(['Domain late.test expires in 5 days (2026-11-06)']);
    expect(store.get(record.id)?.alerted_threshold).toBe(7);

    await passTime(3 * dayMs);
    expect(alerts).toHaveLength(1);
    await passTime(dayMs);
    expect(alerts.map((alert) => alert.message).at(-1)).toBe('Domain late.test expires in 1 day (2026-11-06)');
  });

  it('re-arms the alerts when a renewal moves the expiry later', async () => {
    fixture.setDomain('renewed.test', { expiresOn: '2026-11-15' });
    const record = addDomain('renewed.test');
    startRefresher().start();
    await passTime(hourMs);
    expect(alerts.map((alert) => alert.message)).toEqual(['Domain renewed.test expires in 14 days (2026-11-15)']);

    fixture.setDomain('renewed.test', { expiresOn: '2026-12-05' });
    await passTime(1.2 * dayMs);
    expect(store.get(record.id)).toMatchObject({ expires_on: '2026-12-05', alerted_threshold: undefined });
    expect(alerts).toHaveLength(1);

    await passTime(4 * dayMs);
    expect(alerts.map((alert) => alert.message).at(-1)).toBe('Domain renewed.test expires in 30 days (2026-12-05)');
    // The history's events: the threshold, the renewal (from where it stood), the next threshold.
    expect(events.map(({ kind, itemId, itemName, from, to, detail }) => ({ kind, itemId, itemName, from, to, detail }))).toEqual([
      { kind: 'domain', itemId: record.id, itemName: 'renewed.test', from: 'ok', to: 'expiring', detail: 'expires on 2026-11-15, in 14 days' },
      { kind: 'domain', itemId: record.id, itemName: 'renewed.test', from: 'expiring', to: 'renewed', detail: 'expires on 2026-12-05, in 33 days (was 2026-11-15)' },
      { kind: 'domain', itemId: record.id, itemName: 'renewed.test', from: 'ok', to: 'expiring', detail: 'expires on 2026-12-05, in 30 days' },
    ]);
  });

  it('logs a failing lookup once per reason, again after a change of reason or a success, and keeps the data', async () => {
    fixture.setDomain('flaky.test', { expiresOn: '2028-01-01', registrar: 'R' });
    const record = addDomain('flaky.test');
    startRefresher().start();
    await passTime(hourMs);

    fixture.behave('flaky.test', { status: 500 });
    await passTime(3 * dayMs);
    // Failures are retried every few hours, not daily, yet logged once.
    expect(lookupsOf('flaky.test')).toBeGreaterThanOrEqual(8);
    expect(warnings()).toEqual([
      { message: expect.stringContaining('RDAP lookup for flaky.test failed: 127.0.0.1'), reason: 'unreachable' },
    ]);
    expect(store.get(record.id)).toMatchObject({
      expires_on: '2028-01-01',
      registrar: 'R',
      lookup_error: expect.stringContaining('HTTP 500'),
    });

    fixture.behave('flaky.test', { status: 429 });
    await passTime(dayMs);
    expect(warnings().map((warning) => warning.reason)).toEqual(['unreachable', 'rate-limited']);

    fixture.behave('flaky.test', undefined);
    await passTime(dayMs);
    expect(logger.entries.filter((entry) => entry.level === 'info').map((entry) => entry.message)).toEqual([
      'RDAP lookup for flaky.test works again',
    ]);
    expect(store.get(record.id)?.lookup_error).toBeUndefined();

    fixture.behave('flaky.test', { status: 429 });
    await passTime(2 * dayMs);
    expect(warnings().map((warning) => warning.reason)).toEqual(['unreachable', 'rate-limited', 'rate-limited']);
  });

  it('leaves a domain on an unsupported TLD without data, and says so once', async () => {
    const record = addDomain('example.zz');
    startRefresher().start();

    await passTime(3 * dayMs);

    expect(store.get(record.id)).toMatchObject({
      expires_on: undefined,
      registrar: undefined,
      lookup_error: expect.stringContaining('.zz'),
    });
    expect(warnings()).toEqual([{ message: expect.stringContaining('example.zz'), reason: 'unsupported-tld' }]);
    expect(alerts).toEqual([]);
  });

  it('records an alert before sending it, so a handler that throws does not make it repeat', async () => {
    fixture.setDomain('soon.test', { expiresOn: '2026-11-05' });
    const record = addDomain('soon.test');
    startRefresher({ onAlert: () => { throw new Error('handler exploded'); } }).start();

    await passTime(2 * dayMs);

    expect(store.get(record.id)?.alerted_threshold).toBe(7);
    expect(logger.entries.filter((entry) => entry.level === 'error')).toHaveLength(1);
  });

  it('uses the configured thresholds', async () => {
    fixture.setDomain('custom.test', { expiresOn: '2026-11-11' });
    const record = addDomain('custom.test');

    await startRefresher({ thresholds: [60, 3] }).lookupNow(record);

    expect(alerts.map((alert) => alert.message)).toEqual(['Domain custom.test expires in 10 days (2026-11-11)']);
    expect(store.get(record.id)?.alerted_threshold).toBe(60);
  });
});

interface HeldLookup {
  domain: string;
  answer(expiresOn: string): void;
}

/** An RDAP client whose lookups wait until the test answers them (or the caller cancels). */
function heldRdap(): RdapClient & { held: HeldLookup[]; maxAtOnce: number } {
  let running = 0;
  const rdap = {
    held: [] as HeldLookup[],
    maxAtOnce: 0,
    lookup(domain: string, { signal }: { signal?: AbortSignal } = {}) {
      running++;
      rdap.maxAtOnce = Math.max(rdap.maxAtOnce, running);
      return new Promise<{ expiresOn: string }>((resolve, reject) => {
        rdap.held.push({ domain, answer: (expiresOn) => resolve({ expiresOn }) });
        signal?.addEventListener('abort', () => reject(signal.reason as Error));
      }).finally(() => running--);
    },
  };
  return rdap;
}

describe('DomainRefresher scheduling', () => {
  it('runs at most 4 lookups at once, puts a new domain first, and stop() cancels without writing', async () => {
    const rdap = heldRdap();
    const records = Array.from({ length: 10 }, (_, index) => addDomain(`d${index}.test`));
    const domainRefresher = startRefresher({ rdap });
    domainRefresher.start();
    clock.fireNext(clock.now());
    await new Promise((resolve) => setImmediate(resolve));
    expect(rdap.held.map((lookup) => lookup.domain)).toEqual(['d0.test', 'd1.test', 'd2.test', 'd3.test']);

    const created = domainRefresher.lookupNow(addDomain('new.test'));
    rdap.held[0]?.answer('2030-01-01');
    await new Promise((resolve) => setImmediate(resolve));
    expect(rdap.held.map((lookup) => lookup.domain).slice(4)).toEqual(['new.test']);
    expect(rdap.maxAtOnce).toBe(4);

    await domainRefresher.stop();

    await expect(created).resolves.toBeUndefined();
    expect(records.slice(1).map((record) => store.get(record.id)?.looked_up_at)).toEqual(Array(9).fill(undefined));
    expect(store.get(records[0]?.id ?? '')?.expires_on).toBe('2030-01-01');
    expect(warnings()).toEqual([]);
    expect(clock.fireNext(Infinity)).toBe(false);
  });

  it('drops the answer for a domain deleted while it was being looked up', async () => {
    const rdap = heldRdap();
    const record = addDomain('deleted.test');
    const lookup = startRefresher({ rdap }).lookupNow(record);
    await new Promise((resolve) => setImmediate(resolve));

    store.delete(record.id);
    rdap.held[0]?.answer('2030-01-01');

    await expect(lookup).resolves.toBeUndefined();
    expect(store.all()).toEqual([]);
  });

  it('does not start a second lookup for a domain already being looked up', async () => {
    const rdap = heldRdap();
    const record = addDomain('once.test');
    const domainRefresher = startRefresher({ rdap });

    const first = domainRefresher.lookupNow(record);
    const second = domainRefresher.lookupNow(record);
    domainRefresher.start();
    clock.fireNext(clock.now());
    await new Promise((resolve) => setImmediate(resolve));

    expect(rdap.held).toHaveLength(1);
    expect(second).toBe(first);
  });
});
