// Runs every monitor's checks through the scheduler, moves `last_status` with the confirmation rule, reports each
// check, status change and alert to the history, and raises "down"/"up" alerts. A failure not yet confirmed is
// checked again after `retry_seconds` rather than a whole period. Statuses and latest checks go to the durable main
// database in batches, a status change within half a second and a latest check alone within 5 s, so 10,000
// monitors' checks cost a transaction every few seconds rather than hundreds of disk syncs. The batches ride on the
// results, as the history's do: no timer of their own while results keep coming. Alerts never wait
// on either write: a full disk delays the history and the saved status, not the alert. An https monitor's certificate
// raises its own alerts as its end comes near (each threshold once per certificate; a renewal re-arms them).
import type { StatusTaken } from '../common/api/changes.ts';
import { lastedAtMaintenanceEndWords, stillAfterMaintenanceTitle } from '../common/maintenance/maintenance-end.ts';
import { DEFAULT_RETRY_SECONDS, HTTP_ONLY_FIELDS } from '../common/api/monitor-check-input.ts';
import { DEFAULT_CERTIFICATE_EXPIRY_DAYS } from '../common/api/monitor-tls-input.ts';
import { certificateMessage } from '../common/format/certificate-words.ts';
import type { Clock, TimerHandle } from '../common/clock.ts';
import type { AlertEvent } from './alerts/alert-event.ts';
import { certificateAlert } from './checks/certificate-expiry.ts';
import type { CheckResult } from './checks/check-result.ts';
import { expiredThreshold } from './domains/expiry.ts';
import { certificateDetail, certificateRenewalDetail } from './monitors/certificate-message.ts';
import { nextStatus } from './monitors/monitor-status.ts';
import type { CheckScheduler } from './scheduler/check-scheduler.ts';
import type { HistoryRecorder } from './history/history-recorder.ts';
import type { NewHistoryEvent } from './history/storage/event-store.ts';
import type { Logger } from './logger.ts';
import type { CertificateAlerted, MonitorRecord, MonitorStatus, MonitorStatusUpdate, MonitorStore } from './storage/monitor-store.ts';
import type { Writable } from './storage/statements.ts';

/** A status change (or an event) is saved within this: followers of the changes hear of it once it is. */
const statusSaveMs = 500;
/** Only the latest check changed: shown a little late, written far less often, at most this long after it came. */
const latestCheckSaveMs = 5_000;
/**
 * While results keep coming, the latest checks go with the first result this long after the last save, short of the
 * 5 s bound, so that the timer kept for when results stop is cleared before it fires.
 */
const latestCheckRideMs = 4_000;
const retryFailedSaveMs = 5_000;
/** A monitor created or retargeted through the API gets its first result within seconds, not a whole period. */
const firstCheckWithinMs = 5_000;

interface TrackedMonitor {
  record: MonitorRecord;
  status: MonitorStatus;
  consecutiveFailures: number;
  statusSince: number | undefined;
  /** Why the latest check failed; undefined when it passed. */
  lastError: string | undefined;
  /** The quick re-check of a failure not yet confirmed. */
  recheck: TimerHandle | undefined;
  /** When the certificate last seen ends (kept while checks fail without showing one), and its alert so far. */
  certificateExpiresAt: number | undefined;
  certificateAlerted: CertificateAlerted | undefined;
  /** The alerted end whose renewal is recorded: servers that take turns with two certificates record it once. */
  renewalRecordedOf: number | undefined;
  /**
   * What the next save writes for this monitor: one object per monitor, overwritten by each result, rather than a
   * new one per result held until the save (333 a second at 10,000 monitors, each living up to 5 s).
   */
  update: Writable<MonitorStatusUpdate>;
}

/** Where a certificate stood by its alert so far, for the history's events (the words a domain's use). */
function certificateState(alerted: CertificateAlerted | undefined, expiresAt: number): string {
  if (alerted === undefined || alerted.expiresAt < expiresAt) return 'ok';
  return alerted.threshold === expiredThreshold ? 'expired' : 'expiring';
}

/** How long a failure waits for its re-check: `retry_seconds`, or 20 s, never more than the monitor's period. */
function recheckDelayMs(record: MonitorRecord): number {
  return Math.min(record.retry_seconds ?? DEFAULT_RETRY_SECONDS, record.frequency) * 1000;
}

/** What the scheduler runs: the request and expectations go with an http target, the lookup with a dns one. */
function jobOf(record: MonitorRecord) {
  return {
    key: record.seq,
    type: record.type,
    url: record.url,
    frequency: record.frequency,
    // An http monitor's record holds its request's fields under their names (HttpCheckRequest).
    http: record.type === 'http' ? record : undefined,
    dns: record.type === 'dns' ? record.dns : undefined,
  };
}

const same = <T>(left: T, right: T) => left === right || JSON.stringify(left) === JSON.stringify(right);

function sameRequest(a: MonitorRecord, b: MonitorRecord): boolean {
  return HTTP_ONLY_FIELDS.every((field) => same(a[field], b[field])) && same(a.dns, b.dns);
}

/** What the store resets a monitor's status on (monitor-store.ts `#replace`): where and what it checks. */
function sameTarget(a: MonitorRecord, b: MonitorRecord): boolean {
  return a.type === b.type && a.url === b.url && same(a.dns, b.dns);
}

export interface MonitorCheckLoopOptions {
  store: MonitorStore;
  history: HistoryRecorder;
  scheduler: CheckScheduler;
  clock: Clock;
  logger: Logger;
  failuresToConfirmDown: number;
  onAlert(event: AlertEvent): void;
  toJson(record: MonitorRecord): Record<string, unknown>;
  /**
   * The monitors whose recorded changes (status, certificate) the API now answers with, each with the statuses it
   * took meanwhile, oldest first (none for a certificate's change): told once their statuses are saved, not when the
   * change is seen, so whoever asks at once reads the new state.
   */
  onChangesSaved?(changes: ReadonlyMap<string, readonly StatusTaken[]>): void;
}

export class MonitorCheckLoop {
  readonly #options: MonitorCheckLoopOptions;
  readonly #tracked = new Map<number, TrackedMonitor>();
  /** Each monitor with a result not yet saved, and what to save (its tracked `update`). */
  #pendingStatuses = new Map<number, MonitorStatusUpdate>();
  /** Monitors with a change recorded since the statuses were last saved, and the statuses they took meanwhile. */
  #changedSinceSave = new Map<string, StatusTaken[]>();
  /** A status change or an event waits in the next save (and is told once it is saved). */
  #statusWaiting = false;
  #lastSaveAt = Number.NEGATIVE_INFINITY;
  /** A save is due at the end of this turn of the event loop (setImmediate: no wake-up of its own). */
  #saveThisTurn = false;
  /** Saves what waits when results stop coming before a result rides with it. */
  #backstop: TimerHandle | undefined;
  #backstopAt = Number.POSITIVE_INFINITY;
  #saveFailing = false;

  constructor(options: MonitorCheckLoopOptions) {
    this.#options = options;
  }

  get scheduler(): CheckScheduler {
    return this.#options.scheduler;
  }

  /** Schedules every stored monitor, spread over its whole period. */
  start(): void {
    for (const record of this.#options.store.all()) this.#schedule(record);
    this.#options.scheduler.start();
  }

  /**
   * A monitor created or edited through the API. A rename keeps its schedule. A new frequency, request or expectation
   * restarts it with a check within seconds and keeps its status as it stands (the store keeps it too, and a status
   * change not yet written is still written). A new target, type or dns lookup restarts it as well, its status what
   * the store now says.
   */
  track(record: MonitorRecord): void {
    const tracked = this.#tracked.get(record.seq);
    if (tracked && tracked.record.frequency === record.frequency && sameRequest(tracked.record, record) && sameTarget(tracked.record, record)) {
      tracked.record = record;
      return;
    }
    if (tracked && sameTarget(tracked.record, record)) {
      tracked.record = record;
      this.#cancelRecheck(tracked);
      this.#options.scheduler.upsert(jobOf(record), { firstWithinMs: firstCheckWithinMs });
      return;
    }
    // A new target starts again at unknown: from now on, the old status no longer holds.
    if (tracked && tracked.status !== record.last_status) this.#options.history.recordStatus(record.seq, this.#options.clock.now(), record.last_status);
    this.#schedule(record, firstCheckWithinMs);
  }

  #schedule(record: MonitorRecord, firstWithinMs?: number): void {
    // A status still waiting to be written belongs to the old target; the store has just reset it (or, at start,
    // there is none).
    this.#pendingStatuses.delete(record.seq);
    this.#cancelRecheck(this.#tracked.get(record.seq));
    this.#tracked.set(record.seq, {
      record,
      status: record.last_status,
      consecutiveFailures: record.consecutive_failures,
      statusSince: record.status_since,
      lastError: record.last_error,
      recheck: undefined,
      certificateExpiresAt: record.certificate_expires_at,
      certificateAlerted: record.certificateAlerted,
      renewalRecordedOf: undefined,
      update: { seq: record.seq, last_status: record.last_status, consecutive_failures: record.consecutive_failures, status_since: record.status_since },
    });
    this.#options.scheduler.upsert(jobOf(record), { firstWithinMs });
  }

  untrack(record: MonitorRecord): void {
    this.#pendingStatuses.delete(record.seq);
    this.#cancelRecheck(this.#tracked.get(record.seq));
    this.#tracked.delete(record.seq);
    this.#options.scheduler.remove(record.seq);
  }

  /** The monitor's confirmed status as of its latest result (the store catches up within half a second). */
  statusOf(seq: number): MonitorStatus | undefined {
    return this.#tracked.get(seq)?.status;
  }

  /**
   * The alert for a monitor still down as maintenance stops covering it (now), with how long it had been down then
   * (common/api/maintenance-end.ts); undefined when it is not down. Before the loop has started (a window that
   * began while the service was stopped), the stored status stands.
   */
  stillDownAlert(stored: MonitorRecord): AlertEvent | undefined {
    const tracked = this.#tracked.get(stored.seq);
    const { status, statusSince, lastError } = tracked ?? { status: stored.last_status, statusSince: stored.status_since, lastError: stored.last_error };
    if (status !== 'down') return undefined;
    const { clock, toJson } = this.#options;
    const record = tracked?.record ?? stored;
    const now = clock.now();
    const lasted = lastedAtMaintenanceEndWords('down', statusSince ?? now, now);
    return {
      event: 'monitor.down',
      occurred_at: new Date(now).toISOString(),
      message: `${stillAfterMaintenanceTitle(`Monitor “${record.name}”`, 'down')}: ${lastError ?? 'check failed'} (${record.url}); ${lasted}.`,
      subject: { ...toJson({ ...record, last_status: status, status_since: statusSince }), kind: 'monitor', id: record.id },
    };
  }

  async stop(): Promise<void> {
    for (const tracked of this.#tracked.values()) this.#cancelRecheck(tracked);
    await this.#options.scheduler.stop();
    this.flush();
  }

  /** Called by the scheduler with each finished check. */
  handleResult(key: number, result: CheckResult, startedAt: number): void {
    const tracked = this.#tracked.get(key);
    if (!tracked) return; // deleted while its check ran
    const { clock, history, failuresToConfirmDown: confirmAfter } = this.#options;
    const now = clock.now();
    const previous = tracked.status;
    const next = nextStatus(tracked, result.ok, confirmAfter);
    const durationMs = Math.round(result.durationMs);
    const error = result.ok ? undefined : (result.error ?? 'check failed');
    const certificateBefore = tracked.certificateExpiresAt;
    if (tracked.record.type === 'http' && result.certificateExpiresAt !== undefined) tracked.certificateExpiresAt = result.certificateExpiresAt;
    history.recordCheck({ monitorSeq: key, at: startedAt, durationMs, ok: result.ok, error });
    // The status changes when the result that confirms it arrives.
    if (next.status !== previous) {
      tracked.statusSince = now;
      history.recordStatus(key, now, next.status);
    }
    const update = tracked.update;
    update.last_status = next.status;
    update.consecutive_failures = next.consecutiveFailures;
    update.status_since = tracked.statusSince;
    update.last_checked_at = startedAt;
    update.last_response_time_ms = durationMs;
    update.last_error = error;
    update.certificate_expires_at = tracked.certificateExpiresAt;
    update.certificate_warning = result.certificateWarning;
    this.#pendingStatuses.set(key, update);
    // Any change of status is news for a follower of the changes, a first answer (unknown to up) included.
    if (next.status !== previous) this.#changed(tracked.record.id).push({ status: next.status, at: new Date(now).toISOString() });
    this.#saveSoon(next.status !== previous);
    tracked.status = next.status;
    tracked.consecutiveFailures = next.consecutiveFailures;
    tracked.lastError = error;
    this.#cancelRecheck(tracked);
    // A failure not yet confirmed is checked again soon, until the monitor is down or passes again.
    if (!result.ok && next.status !== 'down') this.#scheduleRecheck(key, tracked);
    if (next.change) {
      this.#alert(tracked, next.change, result);
      const { id, name } = tracked.record;
      const detail = next.change === 'down' ? error : undefined;
      this.#recordEvent({ at: now, kind: 'monitor', itemId: id, itemName: name, from: previous, to: next.status, detail });
    }
    // A refusal as expired carries no certificate: the one last seen is it (or older) once its end has passed.
    const expiredAsSeen = result.certificateExpired === true && certificateBefore !== undefined && certificateBefore <= now;
    if (result.certificateExpiresAt !== undefined || expiredAsSeen) this.#watchCertificate(tracked, certificateBefore, now);
  }

  /**
   * After a check that saw the certificate (or refused the one last seen as expired): a later end than the one an
   * alert was out for is a renewal (an event), and a threshold newly crossed raises its alert, remembered before it
   * is sent.
   */
  #watchCertificate(tracked: TrackedMonitor, before: number | undefined, now: number): void {
    const { record, certificateExpiresAt: expiresAt, certificateAlerted: alerted } = tracked;
    if (expiresAt === undefined) return;
    const { clock, store, logger, onAlert, toJson } = this.#options;
    const event = { at: now, kind: 'monitor' as const, itemId: record.id, itemName: record.name };
    if (before !== undefined && expiresAt > before && alerted?.expiresAt === before && tracked.renewalRecordedOf !== before) {
      tracked.renewalRecordedOf = before;
      this.#recordEvent({ ...event, from: certificateState(alerted, before), to: 'renewed', detail: certificateRenewalDetail(expiresAt, now) });
    }
    const alert = certificateAlert(expiresAt, now, record.tls?.expiry_days ?? DEFAULT_CERTIFICATE_EXPIRY_DAYS, alerted);
    if (alert === undefined) return;
    tracked.certificateAlerted = { threshold: alert.threshold, expiresAt };
    try {
      store.saveCertificateAlerted(record.seq, tracked.certificateAlerted);
    } catch (error) {
      logger.error('A certificate alert could not be saved; a restart may repeat it.', { error: String(error) });
    }
    this.#recordEvent({
      ...event,
      from: certificateState(alerted, expiresAt),
      to: alert.kind === 'certificate.expired' ? 'expired' : 'expiring',
      detail: certificateDetail(expiresAt, alert.daysLeft, now),
    });
    const subject = toJson({ ...record, last_status: tracked.status, status_since: tracked.statusSince, certificate_expires_at: expiresAt });
    onAlert({
      event: alert.kind,
      occurred_at: new Date(clock.now()).toISOString(),
      message: certificateMessage(record.name, record.url, expiresAt, alert.daysLeft),
      subject: { ...subject, kind: 'monitor', id: record.id },
    });
  }

  /**
   * Asks the scheduler for an extra round at once, after the wait: it runs within the concurrency cap, and the
   * monitor keeps its phase (its rounds go on from at least half a period later). A wait as long as the period is
   * the next round.
   */
  #scheduleRecheck(key: number, tracked: TrackedMonitor): void {
    const { record } = tracked;
    const delayMs = recheckDelayMs(record);
    if (delayMs >= record.frequency * 1000) return;
    tracked.recheck = this.#options.clock.setTimer(() => {
      tracked.recheck = undefined;
      if (this.#tracked.get(key) === tracked) this.#options.scheduler.checkSoon(key);
    }, delayMs);
  }

  #cancelRecheck(tracked: TrackedMonitor | undefined): void {
    if (tracked?.recheck === undefined) return;
    this.#options.clock.clearTimer(tracked.recheck);
    tracked.recheck = undefined;
  }

  /**
   * A save rides on the results: a result that comes once `statusSaveMs` (with a status change or event waiting) or
   * `latestCheckRideMs` (latest checks alone) has passed since the last save is saved at the end of the turn it came
   * in, with whatever waited before it. Only what is left waiting when results stop has a timer, set for the bound
   * from the last save (0.5 s, or 5 s), which no result then waits past. While saves fail, they are tried again every
   * 5 s, and within 0.5 s of a new status change. So 10,000 monitors' results go as one batch every 4 s, and a service
   * checking now and then saves each result in the turn it came, without waking again for it.
   */
  #saveSoon(statusChanged: boolean): void {
    if (statusChanged) this.#statusWaiting = true;
    if (this.#saveThisTurn) return;
    const { clock } = this.#options;
    const latestChecksAlone = !this.#statusWaiting && !this.#saveFailing;
    const boundMs = this.#statusWaiting ? statusSaveMs : this.#saveFailing ? retryFailedSaveMs : latestCheckSaveMs;
    // Only the latest checks' saves ride before their bound: the others' bounds are their intervals.
    const rideAfterMs = latestChecksAlone ? latestCheckRideMs : boundMs;
    if (clock.now() - this.#lastSaveAt >= rideAfterMs) {
      this.#saveThisTurn = true;
      setImmediate(() => {
        this.#saveThisTurn = false;
        this.flush();
      });
      return;
    }
    const at = this.#lastSaveAt + boundMs;
    if (this.#backstop !== undefined) {
      if (this.#backstopAt <= at) return;
      clock.clearTimer(this.#backstop);
    }
    this.#backstopAt = at;
    this.#backstop = clock.setTimer(() => this.flush(), at - clock.now());
  }

  /** Saves the statuses and latest checks; when that fails (a full disk) they wait for the next try, newest kept. */
  flush(): void {
    const { clock, store, logger } = this.#options;
    if (this.#backstop) clock.clearTimer(this.#backstop);
    this.#backstop = undefined;
    this.#backstopAt = Number.POSITIVE_INFINITY;
    if (this.#pendingStatuses.size > 0) {
      this.#lastSaveAt = clock.now();
      try {
        store.saveStatuses([...this.#pendingStatuses.values()]);
        this.#pendingStatuses.clear();
        if (this.#saveFailing) logger.info('Monitor statuses are being saved again.');
        this.#saveFailing = false;
      } catch (error) {
        if (!this.#saveFailing) logger.error('Monitor statuses could not be saved; retrying every few seconds. Checks and alerts go on.', { error: String(error) });
        this.#saveFailing = true;
        // Tried again in 5 s, or sooner for a status change that comes meanwhile.
        this.#statusWaiting = false;
        this.#saveSoon(false);
        return;
      }
    }
    this.#statusWaiting = false;
    if (this.#changedSinceSave.size === 0) return;
    const changed = this.#changedSinceSave;
    this.#changedSinceSave = new Map();
    this.#options.onChangesSaved?.(changed);
  }

  /** The statuses a monitor with a change waiting to be told took so far (it is told whether it took any or not). */
  #changed(id: string): StatusTaken[] {
    let statuses = this.#changedSinceSave.get(id);
    if (statuses === undefined) this.#changedSinceSave.set(id, (statuses = []));
    return statuses;
  }

  #recordEvent(event: NewHistoryEvent & { itemId: string }): void {
    this.#options.history.recordEvent(event);
    this.#changed(event.itemId);
    this.#saveSoon(true);
  }

  #alert(tracked: TrackedMonitor, change: 'down' | 'up', result: CheckResult): void {
    const { record } = tracked;
    const { clock, onAlert, toJson } = this.#options;
    const message =
      change === 'down'
        ? `Monitor “${record.name}” is down: ${result.error ?? 'check failed'} (${record.url}).`
        : `Monitor “${record.name}” is up again (${record.url}).`;
    onAlert({
      event: change === 'down' ? 'monitor.down' : 'monitor.up',
      occurred_at: new Date(clock.now()).toISOString(),
      message,
      subject: { ...toJson({ ...record, last_status: tracked.status, status_since: tracked.statusSince }), kind: 'monitor', id: record.id },
    });
  }
}
