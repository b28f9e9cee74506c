// Change detection for monitors' certificates (the `checks` extension's read-only `certificate_expires_on`,
// docs/api-decisions.md §16): as a domain's expiry, each of the monitor's `tls.expiry_days` thresholds is told once
// (only the smallest one due), "expired" last, and a renewal re-arms them without forgetting the older certificate,
// which a load balancer may still show in turns (expiry-step.ts `certificateStep`). The days are the service's own count
// (common/format/certificate-words.ts), so a notification says what the service's alert and the event feed say.
//
// A poll may carry 10,000 monitors, nearly all without a certificate (a field read) or far from any threshold (a look-up
// by id and one string comparison, no date parse): nothing is allocated for them.
import { dateTimeToEpochMs, DEFAULT_CERTIFICATE_EXPIRY_DAYS, type Monitor } from '../../../common/api/index.ts';
import { certificateDaysLeft } from '../../../common/format/certificate-words.ts';
import { largestThreshold, monitorKey, monitorName, utcDay } from '../health/index.ts';
import type { ExpiryMemory } from './alert-state.ts';
import { certificateStep, EXPIRED } from './expiry-step.ts';
import { byId, type ItemEvent } from './item-changes.ts';

/** A certificate renewed in this poll with nothing due: its older certificate's news owed or held is void. */
export interface CertificateRenewal {
  /** The monitor's key. */
  key: string;
  /** The monitor's name, as its news says it. */
  name: string;
}

export interface CertificateEvent {
  kind: 'certificate-expiring' | 'certificate-expired';
  /** The monitor's key (its news is about its certificate: `NewsSubject`). */
  key: string;
  monitor: Monitor;
  daysLeft: number;
  /** Epoch ms the certificate ends. */
  expiresAt: number;
}

const NO_NEWS: ReadonlySet<string> = new Set();

const DAY_MS = 86_400_000;

/** The end as the service writes it (`2026-11-29T15:00:00.000Z`), which orders as the instant does when compared as
 * text with another in that form. */
function isCanonical(endsOn: string): boolean {
  return endsOn.length === 24 && endsOn.endsWith('Z');
}

/** The instant past which an end is beyond `largest` days, as canonical text (toISOString): built once a poll for each
 * run of monitors with one largest threshold (nearly every monitor has the same thresholds). */
function horizons(now: number): (largest: number) => string {
  let lastLargest = Number.NaN;
  let text = '';
  return (largest) => {
    if (largest !== lastLargest) {
      lastLargest = largest;
      text = new Date(now + (largest + 1) * DAY_MS).toISOString();
    }
    return text;
  };
}

interface Candidate {
  monitor: Monitor;
  expiresAt: number;
  memory: ExpiryMemory | undefined;
}

/**
 * The certificate news of this poll's monitors (pushed to `events`) and the memory after it, by monitor key.
 * Monitors without a readable certificate end have nothing remembered. Two monitors with one key (a server bug, or
 * two unnamed ones without ids) are judged by the sooner end whatever their order, so they never flip each other's
 * memory from poll to poll. Of the monitors in `withNews` (monitor keys whose certificate has news owed or held,
 * usually none), those whose certificate is renewed in this poll with nothing due are pushed to `renewed`: that news
 * is void. (A renewed certificate stays remembered for weeks: nothing is built for it poll after poll.)
 */
export function certificateChanges(
  monitors: readonly Monitor[],
  previous: Readonly<Record<string, ExpiryMemory>>,
  now: number,
  events: ItemEvent[],
  withNews: ReadonlySet<string> = NO_NEWS,
  renewed: CertificateRenewal[] = [],
): Record<string, ExpiryMemory> {
  const previousById = byId(previous);
  let candidates: Map<string, Candidate> | undefined;
  const horizon = horizons(now);
  for (const monitor of monitors) {
    const endsOn = monitor.certificate_expires_on;
    if (endsOn === undefined) continue;
    const memory = monitor.id === undefined ? previous[monitorKey(monitor)] : previousById.get(monitor.id);
    // The usual case, far from every threshold and never told, has nothing to tell or remember: told by the text alone
    // when it is in the service's form, else by the parsed instant.
    const largest = largestThreshold(monitor.tls?.expiry_days ?? DEFAULT_CERTIFICATE_EXPIRY_DAYS) ?? EXPIRED;
    if (memory === undefined && isCanonical(endsOn) && endsOn > horizon(largest)) continue;
    const expiresAt = dateTimeToEpochMs(endsOn);
    if (expiresAt === undefined) continue;
    if (memory === undefined && certificateDaysLeft(expiresAt, now) > largest) continue;
    const key = monitorKey(monitor);
    candidates ??= new Map();
    const other = candidates.get(key);
    if (other === undefined || expiresAt < other.expiresAt) candidates.set(key, { monitor, expiresAt, memory });
  }
  const next: Record<string, ExpiryMemory> = {};
  if (candidates === undefined) return next;
  const today = utcDay(now);
  for (const [key, { monitor, expiresAt, memory }] of candidates) {
    const daysLeft = certificateDaysLeft(expiresAt, now);
    const step = certificateStep(memory, utcDay(expiresAt), daysLeft, today, monitor.tls?.expiry_days ?? DEFAULT_CERTIFICATE_EXPIRY_DAYS);
    if (step.renewed && withNews.has(key)) renewed.push({ key, name: monitorName(monitor) });
    if (step.due !== undefined) {
      const kind = step.due === EXPIRED ? 'certificate-expired' : 'certificate-expiring';
      events.push({ kind, key, monitor, daysLeft, expiresAt });
    }
    if (step.memory !== undefined) next[key] = step.memory;
  }
  return next;
}
