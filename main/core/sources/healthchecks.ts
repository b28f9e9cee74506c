// Healthchecks (healthchecks.io or self-hosted): `GET /api/v3/checks/` read into heartbeats, and a check's
// `GET /api/v3/checks/<id>/flips/` read into its history. The shapes are Healthchecks' own `Check.to_dict` and
// `Flip.to_dict` (hc/api/models.py); see docs/source-apis.md §2.
import { createHash } from 'node:crypto';
import { readId, readInteger, readPositiveInteger, readText, type Issue, type ReadContext } from '../../../common/api/fields.ts';
import { isJsonObject, type JsonObject } from '../../../common/api/index.ts';
import { formatDuration } from '../../../common/format/duration.ts';
import { baseWithoutSlash, oneLine, readEach, readEpochMs, skipItem, unrecognisedStatus, type ItemStanding } from './source-fields.ts';
import { SourceShapeError, type SourceItem, type SourceReading, type SourceSchedule } from './source-reading.ts';

export interface HealthchecksOptions {
  /** The configured base URL (https://healthchecks.io by default), for the checks' pages. */
  baseUrl: string;
  /** Epoch ms, for "last ping 5 min ago". */
  now: number;
}

export function readHealthchecksChecks(answer: unknown, options: HealthchecksOptions): SourceReading {
  if (!isJsonObject(answer) || !Array.isArray(answer.checks)) throw new SourceShapeError(shapeProblem(answer, 'checks'));
  const issues: Issue[] = [];
  const items = readEach(answer.checks, ['checks'], issues, (check, context) => readCheck(check, context, options));
  return { items, issues };
}

/** One flip of a check's status: when, and whether it went up or down. */
export interface HealthchecksFlip {
  /** Epoch ms. */
  at: number;
  up: boolean;
}

/**
 * A check's flips, newest first: the history Healthchecks keeps (about three months). Its code answers
 * `{"flips": [...]}` while its documentation shows a bare array, so both are read.
 */
export function readHealthchecksFlips(answer: unknown): { flips: HealthchecksFlip[]; issues: Issue[] } {
  const wrapped = isJsonObject(answer) && Array.isArray(answer.flips);
  const list = wrapped ? (answer.flips as unknown[]) : answer;
  if (!Array.isArray(list)) throw new SourceShapeError(shapeProblem(answer, 'flips'));
  const issues: Issue[] = [];
  const flips = readEach(list, wrapped ? ['flips'] : [], issues, readFlip);
  flips.sort((a, b) => b.at - a.at);
  return { flips, issues };
}

function shapeProblem(answer: unknown, list: 'checks' | 'flips'): string {
  // Healthchecks' own refusals are JSON too ({"error": "wrong api key"}), and say what went wrong.
  if (isJsonObject(answer) && typeof answer.error === 'string') return `Healthchecks answered "${oneLine(answer.error, 80)}" instead of a ${list} list.`;
  return `This Healthchecks answer has no ${list} list.`;
}

function readCheck(check: JsonObject, context: ReadContext, options: HealthchecksOptions): SourceItem | undefined {
  const uuid = checkUuid(check, context);
  // A read-only key hides the uuid and sends `unique_key` instead; the same key is derived from the uuid otherwise, so
  // the item keeps its id (and its history, snoozes, acknowledgements) when the person swaps one key for the other.
  const id = readId(check, 'unique_key', context) ?? (uuid === undefined ? undefined : uniqueKeyOf(uuid));
  if (id === undefined) return skipItem(context, 'this check has neither a unique_key nor a uuid (in update_url or ping_url), so it cannot be followed from one poll to the next');
  const name = readText(check, 'name', context) || readText(check, 'slug', context) || 'Unnamed check';
  const schedule = readSchedule(check, context);
  const started = readStarted(check, context);
  const standing = standingOf(readText(check, 'status', context), schedule.lastPingAt, started, options.now);
  const base = baseWithoutSlash(options.baseUrl);
  return {
    id,
    name,
    kind: 'heartbeat',
    ...standing,
    ...sinceOf(standing.state, schedule),
    schedule,
    // Without the uuid (a read-only key) the check's page cannot be named; the site itself is the nearest page.
    webUrl: uuid === undefined ? base : `${base}/checks/${uuid}/details/`,
  };
}

const UUID_AT_END = /\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/** The check's uuid, which v3 sends only inside its URLs (a read-write key's `update_url` and `ping_url`). */
function checkUuid(check: JsonObject, context: ReadContext): string | undefined {
  for (const key of ['update_url', 'ping_url']) {
    const url = readText(check, key, context);
    const uuid = url === undefined ? undefined : UUID_AT_END.exec(url)?.[1];
    if (uuid !== undefined) return uuid.toLowerCase();
  }
  return undefined;
}

/** Healthchecks' `Check.unique_key`: the sha1 (hex) of the first half of the uuid's hex digits. */
function uniqueKeyOf(uuid: string): string {
  return createHash('sha1').update(uuid.replaceAll('-', '').slice(0, 16)).digest('hex');
}

function readSchedule(check: JsonObject, context: ReadContext): SourceSchedule {
  const schedule: SourceSchedule = {};
  // A simple check has `timeout`; a cron (or systemd OnCalendar) check has `schedule` and `tz`.
  const periodSeconds = readPositiveInteger(check, 'timeout', context);
  const cron = readText(check, 'schedule', context);
  const timeZone = readText(check, 'tz', context);
  const graceSeconds = readPositiveInteger(check, 'grace', context);
  const lastPingAt = readEpochMs(check, 'last_ping', context);
  // Healthchecks' `next_ping` is when the grace time starts: the next ping is due then.
  const nextPingAt = readEpochMs(check, 'next_ping', context);
  if (periodSeconds !== undefined) schedule.periodSeconds = periodSeconds;
  if (cron) schedule.cron = cron;
  if (timeZone) schedule.timeZone = timeZone;
  if (graceSeconds !== undefined) schedule.graceSeconds = graceSeconds;
  if (lastPingAt !== undefined) schedule.lastPingAt = lastPingAt;
  if (nextPingAt !== undefined) schedule.nextPingAt = nextPingAt;
  return schedule;
}

/**
 * When a late or down check became so, from its schedule: late from `next_ping` (the grace time starts then), down
 * once the grace time ran out. Its flips say when it went down too, but only its history page reads them.
 */
function sinceOf(state: string, schedule: SourceSchedule): { since?: number } {
  const { nextPingAt, graceSeconds } = schedule;
  if (nextPingAt === undefined) return {};
  if (state === 'late') return { since: nextPingAt };
  if (state === 'down' && graceSeconds !== undefined) return { since: nextPingAt + graceSeconds * 1000 };
  return {};
}

function readStarted(check: JsonObject, context: ReadContext): boolean {
  const started = check.started;
  if (started === undefined || started === null || typeof started === 'boolean') return started === true;
  context.issues.push({ path: [...context.at, 'started'], message: 'expected true or false' });
  return false;
}

function standingOf(status: string | undefined, lastPingAt: number | undefined, started: boolean, now: number): ItemStanding {
  const lastPing = lastPingAt === undefined ? 'never pinged' : `last ping ${formatDuration(now - lastPingAt)} ago`;
  // A start signal without its finish yet: the list does not say when it came (`last_start` is not sent).
  const running = started ? '; running now' : '';
  switch (status) {
    // As for Vigil's own heartbeats, one that has never pinged is waiting, not a problem, until Healthchecks says late.
    case 'new':
      return { health: 'ok', state: 'new', summary: `Waiting for its first ping${running}` };
    case 'up':
      return { health: 'ok', state: 'up', summary: `${capitalised(lastPing)}${running}` };
    case 'grace':
      return { health: 'warning', state: 'late', summary: `Late: ${lastPing}${running}` };
    case 'down':
      return { health: 'critical', state: 'down', summary: `Down: ${lastPing}${running}` };
    // Paused is the person's own choice in Healthchecks, which then sends no alerts for it: not a problem, and the
    // state keeps the pause in sight so it is not forgotten.
    case 'paused':
      return { health: 'ok', state: 'paused', summary: 'Paused' };
    default:
      return unrecognisedStatus('Healthchecks', status);
  }
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function readFlip(flip: JsonObject, context: ReadContext): HealthchecksFlip | undefined {
  const at = readEpochMs(flip, 'timestamp', context);
  if (at === undefined) return skipItem(context, 'a flip needs its timestamp');
  // Healthchecks writes `up` as 1 or 0; true and false mean the same.
  const up = typeof flip.up === 'boolean' ? flip.up : readInteger(flip, 'up', context);
  if (up === true || up === 1) return { at, up: true };
  if (up === false || up === 0) return { at, up: false };
  return skipItem(context, 'a flip needs up (1 or 0)');
}
