// The record survives kill -9 of a real process in the middle of writing: every poll the process saw written is
// there, no poll is there in part, and the file opens and carries on. A corrupt or foreign file never stops the app:
// it is moved aside (not deleted), the log and the window's notes say so, and a new record starts.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HistoryDatabase, historyFileName } from '../../../main/core/history/history-database.ts';
import { PollRecorder } from '../../../main/core/history/poll-recorder.ts';
import { RecordReads } from '../../../main/core/history/record-reads.ts';
import { RecordWrites } from '../../../main/core/history/record-writes.ts';
import { recordingLogger } from '../../helpers/recording-logger.ts';

const start = Date.UTC(2026, 10, 1);
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'vigil-history-durability-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the record on disk', () => {
  it('keeps every poll a killed process had written, and none in part', async () => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, 'record-writer-process.ts'), dir, String(start)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let reported = 0;
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<string | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the writer reported ${reported} polls: ${stderr}`)), 15_000);
      child.stdout.on('data', (chunk: Buffer) => {
        reported = Math.max(reported, ...chunk.toString().trim().split('\n').map(Number));
        // Well into the run, while it writes as fast as it can.
        if (reported >= 40) {
          clearTimeout(timer);
          child.kill('SIGKILL');
          resolve();
        }
      });
    });
    expect(await exited).toBe('SIGKILL');

    const db = new DatabaseSync(path.join(dir, historyFileName));
    expect(db.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
    const perPoll = db.prepare('SELECT since, count(*) AS rows FROM states GROUP BY since ORDER BY since').all() as { since: number; rows: number }[];
    // Every monitor changes each poll: a poll is there with all 500 rows or not at all.
    expect(perPoll.every((poll) => poll.rows === 500)).toBe(true);
    expect(perPoll.length).toBeGreaterThanOrEqual(reported);
    const [watch] = db.prepare('SELECT started, ended FROM watches').all() as { started: number; ended: number }[];
    expect(watch?.ended).toBe(perPoll.at(-1)?.since);
    db.close();

    // The app opens it again and reads it.
    const database = new HistoryDatabase({ directory: dir, logger: recordingLogger(), clock: { now: () => start } });
    expect(new RecordWrites(database).latestStates('prod')).toHaveLength(500);
    database.close();
  });

  it('moves a corrupt file aside, says so, and starts a new record', () => {
    writeFileSync(path.join(dir, historyFileName), 'this is not a database, whatever its name says '.repeat(100));
    const logger = recordingLogger();
    const database = new HistoryDatabase({ directory: dir, logger, clock: { now: () => start } });
    const reads = new RecordReads(database);
    expect(reads.hasWatched('prod')).toBe(false);
    const aside = readdirSync(dir).filter((name) => name.startsWith(`${historyFileName}.corrupt-`));
    expect(aside).toEqual([`${historyFileName}.corrupt-2026-11-01T00-00-00-000Z.bak`]);
    expect(logger.entries.map((entry) => entry.message).join('\n')).toMatch(/could not be read \(file is not a database\); it was moved aside as history\.sqlite\.corrupt-.*\.bak and a new one was started/);
    expect(reads.notes).toEqual([expect.stringMatching(/^Vigil's own record could not be read \(file is not a database\), so a new one was started on 2026-11-01; the old file was kept as history\.sqlite\.corrupt-/)]);
    new RecordWrites(database).writePoll('prod', start, undefined, [], []);
    expect(reads.hasWatched('prod')).toBe(true);
    database.close();
  });

  it('starts afresh when the file turns out corrupt while in use, and the recorder carries on in the new one', () => {
    const logger = recordingLogger();
    let now = start;
    const database = new HistoryDatabase({ directory: dir, logger, clock: { now: () => now } });
    const writes = new RecordWrites(database);
    const recorder = new PollRecorder({ connectionId: 'prod', writes, clock: { now: () => now }, intervalMs: () => 60_000 });
    const poll = (status: string) => {
      now += 60_000;
      const snapshot = { takenAt: now, monitors: [{ id: 'a', name: 'A', last_status: status }], heartbeats: [], domains: [], issues: [] };
      recorder.recordPoll({ ok: true, snapshot }, { graceSeconds: 300, thresholds: [30] }, []);
    };
    poll('up');
    // What SQLite says when it finds a damaged page.
    database.use('read', () => { throw Object.assign(new Error('database disk image is malformed'), { errcode: 11 }); }, undefined);
    expect(new RecordReads(database).notes[0]).toMatch(/could not be read \(database disk image is malformed\), so a new one was started/);
    poll('up');
    poll('down');
    const reads = new RecordReads(database);
    const item = reads.item('prod', 'monitor:a');
    expect(item).toBeDefined();
    expect(reads.stateRows(item?.seq ?? 0, 0, now).map((row) => row.state)).toEqual(['up', 'down']);
    expect(logger.entries.filter((entry) => entry.level === 'error')).toHaveLength(1);
    database.close();
  });

  it('moves aside a record written by a newer Vigil rather than touch it', () => {
    const newer = new DatabaseSync(path.join(dir, historyFileName));
    newer.exec('PRAGMA user_version = 99');
    newer.close();
    const database = new HistoryDatabase({ directory: dir, logger: recordingLogger(), clock: { now: () => start } });
    expect(new RecordReads(database).notes[0]).toMatch(/written by a newer Vigil/);
    expect(readdirSync(dir).some((name) => name.endsWith('.bak'))).toBe(true);
    database.close();
  });

  it('keeps the record in memory when the folder cannot hold it', () => {
    const file = path.join(dir, 'not-a-folder');
    writeFileSync(file, '');
    const database = new HistoryDatabase({ directory: file, logger: recordingLogger(), clock: { now: () => start } });
    const writes = new RecordWrites(database);
    writes.writePoll('prod', start, undefined, [], []);
    expect(new RecordReads(database).hasWatched('prod')).toBe(true);
    expect(new RecordReads(database).notes[0]).toMatch(/could not be saved on this computer/);
    expect(existsSync(path.join(file, historyFileName))).toBe(false);
    database.close();
  });
});
