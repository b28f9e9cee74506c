// The gate between alerts and handlers, on a real database: what it holds, what it owes when coverage ends, and
// that a new gate on the same database (a restart) owes exactly the same.
import { mkdtempSync, rmSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AlertEvent } from '../../../service/alerts/alert-event.ts';
import { silentLogger } from '../../../service/logger.ts';
import { AlertGate } from '../../../service/maintenance/alert-gate.ts';
import { openDatabase } from '../../../service/storage/database.ts';
import { HeldAlertStore } from '../../../service/storage/held-alert-store.ts';
import { domainExpiring, heartbeatLate, monitorDown, monitorUp } from '../alerts/sample-events.ts';

const heartbeatRecovered: AlertEvent = { ...heartbeatLate, event: 'heartbeat.recovered', message: 'Heartbeat “nightly-backup” is back' };
const certificateExpiring: AlertEvent = { ...monitorDown, event: 'certificate.expiring', message: 'The certificate of “API” expires in 5 days' };

let dataDir: string;
let db: DatabaseSync;
let covered: Set<string>;
let states: Map<string, string>;
let sent: AlertEvent[];

const gate = () =>
  new AlertGate({
    store: new HeldAlertStore(db),
    logger: silentLogger,
    covers: (key) => covered.has(key),
    currentState: (key) => states.get(key),
    send: (alert) => sent.push(alert),
  });

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-gate-'));
  db = openDatabase(dataDir);
  covered = new Set(['monitor:mon_1', 'heartbeat:hb_1', 'domain:dom_1']);
  states = new Map();
  sent = [];
});
afterEach(() => {
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const monitorKey = 'monitor:mon_1';
const heartbeatKey = `heartbeat:${String(heartbeatLate.subject.id)}`;
const domainKey = `domain:${String(domainExpiring.subject.id)}`;

describe('AlertGate', () => {
  it('passes alerts for items no window covers', () => {
    covered.clear();
    gate().offer(monitorDown);
    expect(sent).toEqual([monitorDown]);
  });

  it('owes the last alert when the state at the end differs from what was told', () => {
    const subject = gate();
    subject.offer(monitorDown);
    subject.offer(monitorUp);
    subject.offer(monitorDown);
    states.set(monitorKey, 'down');
    covered.clear();
    subject.releaseUncovered();
    subject.releaseUncovered();
    expect(sent).toEqual([monitorDown]);
  });

  it('owes nothing for a monitor back where the handlers last knew it, or no longer in the state the alert says', () => {
    const subject = gate();
    subject.offer(monitorDown);
    subject.offer(monitorUp);
    states.set(monitorKey, 'up');
    covered.clear();
    subject.releaseUncovered();
    expect(sent).toEqual([]);

    covered.add(monitorKey);
    subject.offer(monitorDown);
    states.set(monitorKey, 'unknown');
    covered.clear();
    subject.releaseUncovered();
    expect(sent).toEqual([]);
  });

  it('keeps what it owes across a restart, and owes it once', () => {
    gate().offer(monitorDown);
    states.set(monitorKey, 'down');
    const restarted = gate();
    restarted.releaseUncovered();
    expect(sent).toEqual([]);
    covered.clear();
    restarted.releaseUncovered();
    gate().releaseUncovered();
    expect(sent).toEqual([monitorDown]);
  });

  it('tells a late heartbeat and a domain past a threshold; not a heartbeat that recovered, nor a renewed domain', () => {
    const subject = gate();
    subject.offer(heartbeatLate);
    subject.offer(domainExpiring);
    states.set(heartbeatKey, 'late');
    states.set(domainKey, 'alerted');
    covered.clear();
    subject.releaseUncovered();
    expect(sent).toEqual([heartbeatLate, domainExpiring]);

    sent = [];
    covered.add(heartbeatKey).add(domainKey);
    subject.offer(heartbeatRecovered);
    subject.offer(heartbeatLate);
    subject.offer(domainExpiring);
    states.set(heartbeatKey, 'late');
    states.set(domainKey, 'ok');
    covered.clear();
    subject.releaseUncovered();
    expect(sent).toEqual([]);
  });

  it('settles what it held before passing a newer alert, and forgets a deleted item', () => {
    const subject = gate();
    subject.offer(monitorDown);
    states.set(monitorKey, 'down');
    covered.clear();
    subject.offer(monitorUp);
    expect(sent).toEqual([monitorDown, monitorUp]);

    covered.add(monitorKey);
    subject.offer(monitorDown);
    subject.forget(monitorKey);
    covered.clear();
    gate().releaseUncovered();
    expect(sent).toEqual([monitorDown, monitorUp]);
  });

  it("holds a monitor's certificate alert apart from its down alert, under the monitor's windows", () => {
    const subject = gate();
    subject.offer(monitorDown);
    subject.offer(certificateExpiring);
    subject.offer(monitorUp);
    expect(sent).toEqual([]);
    // Back up, as the handlers knew it; its certificate alerted for the certificate it still has.
    states.set(monitorKey, 'up');
    states.set('certificate:mon_1', 'alerted');
    covered.clear();
    subject.releaseUncovered();
    expect(sent).toEqual([certificateExpiring]);

    // Renewed during the window: nothing is owed.
    sent = [];
    covered.add(monitorKey);
    subject.offer(certificateExpiring);
    states.set('certificate:mon_1', 'ok');
    covered.clear();
    subject.releaseUncovered();
    expect(sent).toEqual([]);
  });
});
