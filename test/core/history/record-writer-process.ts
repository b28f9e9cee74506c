// A child process for the kill -9 test: records polls of 500 monitors into history.sqlite as fast as it can, every
// monitor changing state each poll, and prints the number of each poll once its write has returned.
import { HistoryDatabase } from '../../../main/core/history/history-database.ts';
import { PollRecorder } from '../../../main/core/history/poll-recorder.ts';
import { RecordWrites } from '../../../main/core/history/record-writes.ts';

const [directory = '', start = '0'] = process.argv.slice(2);
let now = Number(start);
const clock = { now: () => now };
const logger = { info() {}, warn: (message: string) => process.stderr.write(`${message}\n`), error: (message: string) => process.stderr.write(`${message}\n`) };
const writes = new RecordWrites(new HistoryDatabase({ directory, logger, clock }));
const recorder = new PollRecorder({ connectionId: 'prod', writes, clock, intervalMs: () => 60_000 });

for (let poll = 1; ; poll++) {
  now += 60_000;
  const status = poll % 2 === 0 ? 'up' : 'down';
  const monitors = Array.from({ length: 500 }, (_, i) => ({ id: `m${i}`, name: `Monitor ${i}`, type: 'http', url: `https://m${i}.example/`, frequency: 60, last_status: status }));
  const snapshot = { takenAt: now, monitors, heartbeats: [], domains: [], issues: [] };
  recorder.recordPoll({ ok: true, snapshot }, { graceSeconds: 300, thresholds: [30] }, []);
  process.stdout.write(`${poll}\n`);
}
