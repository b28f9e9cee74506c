// The client's CPU per round of polls on answers already fetched, as the core spends it after each connection's poll:
// reading the answer (JSON or text, then the readers), the connection's alert policy with its rules, its record, and
// the status over every connection (the core emits the status after each poll). Shared by `npm run bench -- client`
// (ten Vigil servers) and `npm run bench -- sources` (sources beside Vigil servers).
import { mkdirSync } from 'node:fs';
import { systemClock, type Clock } from '../common/clock.ts';
import { silentLogger } from '../common/logger.ts';
import { defaultAlertPreferences, evaluatePoll, heartbeatsWaiting, initialAlertState, maintenanceAt, type Alert, type AlertRules } from '../main/core/alerts/index.ts';
import { connectionView } from '../main/core/app/connection-view.ts';
import { StatusMemo } from '../main/core/app/status-memo.ts';
import { statusView, type ServerStatusInput } from '../main/core/app/status-view.ts';
import { HistoryDatabase } from '../main/core/history/history-database.ts';
import { PollRecorder, type JudgeOptions } from '../main/core/history/poll-recorder.ts';
import { RecordWrites } from '../main/core/history/record-writes.ts';
import type { PollOutcome, Snapshot } from '../main/core/model/snapshot.ts';
import { defaultSettings, type Connection, type Settings } from '../main/core/settings/settings-schema.ts';
import { cpuMs } from './bench-figures.ts';

/** CPU per round, in total and by stage (each the sum over the connections). */
export interface RoundCpu {
  total: number;
  parse: number;
  diff: number;
  record: number;
  status: number;
}

export interface PipelineConnection {
  connection: Connection;
  /** The rules its alert policy applies, the same object for the whole run (as a session keeps its own). */
  rules: AlertRules;
  /** Round `round`'s poll at `now`, read from the answers as the app reads them. */
  poll(round: number, now: number): Snapshot;
}

/**
 * `staggered`: the clock moves on 1 to 6 s between one connection's poll and the next (a moved time, not a wait), so no
 * two polls of a round share a second and every status build is at a new time; `same-second`: the whole round within
 * the same second.
 */
export type PipelineTiming = 'staggered' | 'same-second';

export interface PipelineOptions {
  timing: PipelineTiming;
  /** The first round's time (epoch ms, a whole second). */
  start: number;
  /** 120 unless told: the first `warmUp` (20) warm the JIT up and are left out. */
  rounds?: number;
  warmUp?: number;
  /** After each round (its number, from 1): a heap reading, say. */
  afterRound?(round: number): void;
}

/** The rounds' CPU, and the record's size on disk is the caller's to read in `recordDir`. */
export function pipelineRoundsCpuMs(connections: readonly PipelineConnection[], recordDir: string, options: PipelineOptions): { rounds: RoundCpu[] } {
  const { timing, rounds = 120, warmUp = 20 } = options;
  mkdirSync(recordDir, { recursive: true });
  let virtualNow = options.start;
  const clock: Clock = { ...systemClock, now: () => virtualNow };
  const database = new HistoryDatabase({ directory: recordDir, logger: silentLogger, clock });
  const writes = new RecordWrites(database);
  const settings: Settings = { ...defaultSettings, connections: connections.map((each) => each.connection) };
  const preferences = defaultAlertPreferences;
  const servers = connections.map((each) => ({
    ...each,
    state: initialAlertState(),
    outcome: undefined as PollOutcome | undefined,
    recorder: new PollRecorder({ connectionId: each.connection.id, writes, clock, intervalMs: () => 60_000 }),
  }));
  const statusInput = (now: number): ServerStatusInput[] =>
    servers.map((server) => ({
      connection: connectionView(server.connection, { token: undefined, alertState: server.state, warningDays: preferences.tokenWarningDays, now }),
      outcome: server.outcome,
      lastSnapshot: server.outcome?.ok ? server.outcome.snapshot : undefined,
      alertState: server.state,
      recorded: (item) => server.recorder.recordedSince(item),
      // As the core does: what is in maintenance now and what depends on what mark the items and leave the level.
      maintenance: maintenanceAt(server.rules.maintenance, now),
      dependencies: server.rules.dependencies,
    }));
  // As the core does (status-memo.ts): a connection without news keeps what of its part does not move with the clock.
  const memo = new StatusMemo();
  const perRound: RoundCpu[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      const cpu: RoundCpu = { total: 0, parse: 0, diff: 0, record: 0, status: 0 };
      // A round starts on a whole second (a minute's poll interval, rounded), its polls then staggered or not.
      virtualNow = (Math.floor(virtualNow / 1000) + 60) * 1000;
      for (const [index, server] of servers.entries()) {
        if (timing === 'staggered') virtualNow += 1000 + ((index * 7 + round * 3) % 5) * 1000 + ((index * 131 + round * 17) % 1000);
        else virtualNow += 1 + (index % 3);
        const now = virtualNow;
        let outcome: PollOutcome | undefined;
        cpu.parse += cpuMs(() => (outcome = { ok: true, snapshot: server.poll(round, now) }));
        if (outcome === undefined) continue;
        const polled = outcome;
        let changes: Alert[] = [];
        cpu.diff += cpuMs(() => {
          const evaluation = evaluatePoll(server.state, polled, { connection: server.connection, preferences, rules: server.rules, snoozes: [], now });
          server.state = evaluation.state;
          server.outcome = polled;
          changes = evaluation.changes;
        });
        const judge: JudgeOptions = { graceSeconds: preferences.heartbeatGraceSeconds, thresholds: preferences.thresholds, waitingSince: heartbeatsWaiting(server.state) };
        cpu.record += cpuMs(() => server.recorder.recordPoll(polled, judge, changes, maintenanceAt(server.rules.maintenance, now)));
        cpu.status += cpuMs(() => statusView({ servers: statusInput(now), settings, now, memo }));
      }
      cpu.total = cpu.parse + cpu.diff + cpu.record + cpu.status;
      if (round >= warmUp) perRound.push(cpu);
      options.afterRound?.(round + 1);
    }
  } finally {
    database.close();
  }
  return { rounds: perRound };
}
