// The gate between alerts and handlers, on a real database: what it holds, what it owes when coverage ends (a
// monitor still down is told so, whether it went down before the window or inside it), and that a new gate on the
// same database (a restart) owes exactly the same.
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
const stillDown: AlertEvent = { ...monitorDown, message: 'Monitor “API” is still down after maintenance: connection refused; down for 9 min when maintenance ended.' };

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
    downItems: () => [...states].flatMap(([key, state]) => (key.startsWith('monitor:') && state === 'down' ? [key] : [])),
    stillDown: (key) => (key.startsWith('monitor:') && states.get(key) === 'down' ? stillDown : undefined),
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

  it('tells a monitor down at the end that it is still down, once', () => {
    const subject = gate();
    subject.offer(monitorDown);
    subject.offer(monitorUp);
    subject.offer(monitorDown);
    states.set(monitorKey, 'down');
    covered.clear();
    subject.coverageChanged();
    subject.coverageChanged();
    expect(sent).toEqual([stillDown]);
  });

  it('owes nothing for a monitor back where the handlers last knew it, or no longer in the state the alert says', () => {
    const subject = gate();
    subject.offer(monitorDown);
    subject.offer(monitorUp);
    states.set(monitorKey, 'up');
    covered.clear();
    subject.coverageChanged();
    expect(sent).toEqual([]);

    covered.add(monitorKey);
    subject.offer(monitorDown);
    states.set(monitorKey, 'unknown');
    covered.clear();
    subject.coverageChanged();
    expect(sent).toEqual([]);
  });

  it('keeps what it owes across a restart, and owes it once', () => {
    gate().offer(monitorDown);
    states.set(monitorKey, 'down');
    const restarted = gate();
    restarted.coverageChanged();
    expect(sent).toEqual([]);
    covered.clear();
    restarted.coverageChanged();
    gate().coverageChanged();
    expect(sent).toEqual([stillDown]);
  });

  it('tells a late heartbeat and a domain past a threshold; not a heartbeat that recovered, nor a renewed domain', () => {
    const subject = gate();
    subject.offer(heartbeatLate);
    subject.offer(domainExpiring);
    states.set(heartbeatKey, 'late');
    states.set(domainKey, 'alerted');
    covered.clear();
    subject.coverageChanged();
    expect(sent).toEqual([heartbeatLate, domainExpiring]);

    sent = [];
    covered.add(heartbeatKey).add(domainKey);
    subject.offer(heartbeatRecovered);
    subject.offer(heartbeatLate);
    subject.offer(domainExpiring);
    states.set(heartbeatKey, 'late');
    states.set(domainKey, 'ok');
    covered.clear();
    subject.coverageChanged();
    expect(sent).toEqual([]);
  });

  it('settles what it held before passing a newer alert, and forgets a deleted item', () => {
    const subject = gate();
    subject.offer(monitorDown);
    states.set(monitorKey, 'down');
    covered.clear();
    subject.offer(monitorUp);
    expect(sent).toEqual([stillDown, monitorUp]);

    covered.add(monitorKey);
    subject.offer(monitorDown);
    subject.forget(monitorKey);
    covered.clear();
    gate().coverageChanged();
    expect(sent).toEqual([stillDown, monitorUp]);
  });

  it('owes a monitor down when a window begins to cover it its end: still down, or back up; a restart keeps that', () => {
    covered.clear();
    states.set(monitorKey, 'down');
    gate().offer(monitorDown);
    expect(sent).toEqual([monitorDown]);

    // The window begins with the monitor down, as the handlers were told: nothing new is held for it by an alert.
    covered.add(monitorKey);
    gate().coverageChanged();
    const restarted = gate();
    covered.clear();
    restarted.coverageChanged();
    restarted.coverageChanged();
    expect(sent).toEqual([monitorDown, stillDown]);

    // Down before the next window too, and back up inside it: the recovery is told.
    covered.add(monitorKey);
    const subject = gate();
    subject.coverageChanged();
    subject.offer(monitorUp);
    states.set(monitorKey, 'up');
    covered.clear();
    subject.coverageChanged();
    expect(sent).toEqual([monitorDown, stillDown, monitorUp]);
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
    subject.coverageChanged();
    expect(sent).toEqual([certificateExpiring]);

    // Renewed during the window: nothing is owed.
    sent = [];
    covered.add(monitorKey);
    subject.offer(certificateExpiring);
    states.set('certificate:mon_1', 'ok');
    covered.clear();
    subject.coverageChanged();
    expect(sent).toEqual([]);
  });
});
