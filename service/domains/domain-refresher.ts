// Keeps every domain monitor's expiry date fresh over RDAP and raises the expiry alerts.
//
// A pass runs every passIntervalMs: it starts the lookups that are due (about daily per domain, see
// refresh-schedule.ts) and compares every other domain's known expiry with today's date, because the days
// tick down without any new lookup. At most `concurrency` lookups run at once, to be polite to registries.
import { defaultExpiryThresholds } from '../../common/api/index.ts';
import { maxTimerDelayMs, type Clock, type TimerHandle } from '../../common/clock.ts';
import type { AlertEvent } from '../alerts/alert-event.ts';
import type { NewHistoryEvent } from '../history/history-recorder.ts';
import type { Logger } from '../logger.ts';
import type { DomainLookup, DomainRecord, DomainStore } from '../storage/domain-store.ts';
import { daysUntilExpiry, expiredThreshold, expiryAlert } from './expiry.ts';
import { expiryDetail, expiryMessage } from './expiry-message.ts';
import { LookupSlots } from './lookup-slots.ts';
import type { RdapClient } from './rdap-client.ts';
import { RdapLookupError, type RdapFailureReason } from './rdap-lookup-error.ts';
import { nextLookupAt, type RefreshTiming } from './refresh-schedule.ts';

export interface DomainRefresherOptions {
  store: DomainStore;
  rdap: RdapClient;
  clock: Clock;
  logger: Logger;
  onAlert(event: AlertEvent): void;
  /** Thresholds crossed, expiry and renewals also go into the history's events. */
  recordEvent(event: NewHistoryEvent): void;
  /** The domain as the API shows it, for the alert's subject. */
  toJson(record: DomainRecord): Record<string, unknown>;
  /** Days before expiry that each raise one alert. */
  thresholds?: readonly number[];
  refreshIntervalMs?: number;
  /** How often due lookups start and thresholds are checked; an alert comes at most this long after midnight UTC. */
  passIntervalMs?: number;
  concurrency?: number;
}

type FailureReason = RdapFailureReason | 'unexpected';

/** Where a domain stood, by the smallest threshold already alerted for its expiry date. */
function expiryState(alertedThreshold: number | undefined): string {
  if (alertedThreshold === undefined) return 'ok';
  return alertedThreshold === expiredThreshold ? 'expired' : 'expiring';
}

export class DomainRefresher {
  readonly #options: DomainRefresherOptions;
  readonly #timing: RefreshTiming;
  readonly #slots: LookupSlots;
  readonly #pending = new Map<string, Promise<DomainRecord | undefined>>();
  /** The failure last logged for each domain (by seq), so a domain that keeps failing logs once per reason. */
  readonly #loggedFailures = new Map<number, FailureReason>();
  readonly #cancel = new AbortController();
  #timer: TimerHandle | undefined;
  #stopped = false;

  constructor(options: DomainRefresherOptions) {
    this.#options = options;
    const intervalMs = options.refreshIntervalMs ?? 24 * 60 * 60 * 1000;
    this.#timing = { intervalMs, retryMs: intervalMs / 6 };
    this.#slots = new LookupSlots(options.concurrency ?? 4);
  }

  start(): void {
    if (this.#timer === undefined && !this.#stopped) this.#timer = this.#options.clock.setTimer(() => this.#pass(), 0);
  }

  /** Cancels running lookups and waits for them to settle; after this the store is not touched again. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer !== undefined) this.#options.clock.clearTimer(this.#timer);
    this.#timer = undefined;
    this.#cancel.abort();
    this.#slots.turnAwayWaiting();
    await Promise.all(this.#pending.values());
  }

  /**
   * Looks a domain up ahead of any queued routine lookups (called right after it is created). Never rejects;
   * resolves with the saved record, or undefined if the domain was deleted or the refresher stopped.
   */
  lookupNow(record: DomainRecord): Promise<DomainRecord | undefined> {
    return this.#lookup(record.id, true);
  }

  #pass(): void {
    const { clock, store, logger, passIntervalMs = 15 * 60 * 1000 } = this.#options;
    this.#timer = clock.setTimer(() => this.#pass(), Math.min(passIntervalMs, maxTimerDelayMs));
    try {
      const now = clock.now();
      const records = store.all();
      this.#forgetDeleted(records);
      for (const record of records) {
        if (this.#pending.has(record.id)) continue;
        if (now >= nextLookupAt(record, this.#timing)) void this.#lookup(record.id, false);
        else this.#checkExpiry(record);
      }
    } catch (error) {
      logger.error('The domain refresh pass failed', { error: String(error) });
    }
  }

  #lookup(id: string, urgent: boolean): Promise<DomainRecord | undefined> {
    const pending = this.#pending.get(id);
    if (pending !== undefined) return pending;
    const lookup = this.#runLookup(id, urgent)
      .catch((error: unknown) => {
        this.#options.logger.error('A domain lookup could not be saved', { id, error: String(error) });
        return undefined;
      })
      .finally(() => this.#pending.delete(id));
    this.#pending.set(id, lookup);
    return lookup;
  }

  async #runLookup(id: string, urgent: boolean): Promise<DomainRecord | undefined> {
    if (!(await this.#slots.acquire(urgent))) return undefined;
    try {
      const { store, clock } = this.#options;
      const before = this.#stopped ? undefined : store.get(id);
      if (before === undefined) return undefined;
      const result = await this.#query(before);
      // Re-read: the domain may have been deleted, or its alert state changed, while the registry answered.
      const current = this.#stopped ? undefined : store.get(id);
      if (current === undefined) return undefined;
      const saved = store.saveLookup(current, { ...result, at: clock.now() });
      if (saved !== undefined) this.#recordRenewal(current, saved);
      if (saved !== undefined) this.#checkExpiry(saved);
      return saved;
    } finally {
      this.#slots.release();
    }
  }

  async #query(record: DomainRecord): Promise<Omit<DomainLookup, 'at'>> {
    const { rdap, logger } = this.#options;
    try {
      const { expiresOn, registrar } = await rdap.lookup(record.domain, { signal: this.#cancel.signal });
      if (this.#loggedFailures.delete(record.seq)) logger.info(`RDAP lookup for ${record.domain} works again`);
      return { expiresOn, registrar, error: undefined };
    } catch (error) {
      const reason: FailureReason = error instanceof RdapLookupError ? error.reason : 'unexpected';
      const message = error instanceof Error ? error.message : String(error);
      if (!this.#stopped && this.#loggedFailures.get(record.seq) !== reason) {
        this.#loggedFailures.set(record.seq, reason);
        logger.warn(`RDAP lookup for ${record.domain} failed: ${message}`, { domain: record.domain, reason });
      }
      return { expiresOn: undefined, registrar: undefined, error: message };
    }
  }

  #checkExpiry(record: DomainRecord): void {
    if (record.expires_on === undefined) return;
    const { store, clock, thresholds = defaultExpiryThresholds } = this.#options;
    const now = clock.now();
    const daysLeft = daysUntilExpiry(record.expires_on, now);
    const alert = expiryAlert(daysLeft, thresholds, record.alerted_threshold);
    if (alert === undefined) return;
    // Recorded before it is sent: a handler that throws must not make the alert repeat on every pass.
    store.setAlertedThreshold(record.seq, alert.threshold);
    this.#options.recordEvent({
      at: now,
      kind: 'domain',
      itemId: record.id,
      itemName: record.domain,
      from: expiryState(record.alerted_threshold),
      to: alert.kind === 'domain.expired' ? 'expired' : 'expiring',
      detail: expiryDetail(record.expires_on, daysLeft),
    });
    try {
      this.#options.onAlert({
        event: alert.kind,
        occurred_at: new Date(now).toISOString(),
        message: expiryMessage(record.domain, record.expires_on, daysLeft),
        subject: { ...this.#options.toJson(record), kind: 'domain', id: record.id },
      });
    } catch (error) {
      this.#options.logger.error(`Could not raise the expiry alert for ${record.domain}`, { error: String(error) });
    }
  }

  /** A later expiry date than before is a renewal. */
  #recordRenewal(before: DomainRecord, after: DomainRecord): void {
    if (before.expires_on === undefined || after.expires_on === undefined || after.expires_on <= before.expires_on) return;
    const now = this.#options.clock.now();
    this.#options.recordEvent({
      at: now,
      kind: 'domain',
      itemId: after.id,
      itemName: after.domain,
      from: expiryState(before.alerted_threshold),
      to: 'renewed',
      detail: `${expiryDetail(after.expires_on, daysUntilExpiry(after.expires_on, now))} (was ${before.expires_on})`,
    });
  }

  #forgetDeleted(records: readonly DomainRecord[]): void {
    const live = new Set(records.map((record) => record.seq));
    for (const seq of this.#loggedFailures.keys()) if (!live.has(seq)) this.#loggedFailures.delete(seq);
  }
}
