// A damaged history file never keeps the service from starting: it is moved aside (kept, not deleted), a new one
// is begun, the log and GET /capabilities say so, and checks and their history go on.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { historyFileName } from '../../../service/history/storage/history-schema.ts';
import { recordingLogger } from '../../helpers/recording-logger.ts';
import { startTestService } from '../../helpers/service-harness.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-damaged-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('a damaged history file', () => {
  it('is set aside, and the service starts with a new history and says so', async () => {
    const garbage = 'this was never a SQLite database '.repeat(200);
    writeFileSync(path.join(dataDir, historyFileName), garbage);
    const logger = recordingLogger();
    const service = await startTestService({ dataDir }, { logger });
    try {
      const [aside, ...more] = readdirSync(dataDir).filter((file) => file.startsWith(`${historyFileName}.damaged-`));
      expect(more).toEqual([]);
      expect(readFileSync(path.join(dataDir, aside ?? ''), 'utf8')).toBe(garbage);
      expect(logger.entries.filter((entry) => entry.level === 'error').map((entry) => entry.message)).toEqual([
        `The history could not be read (file is not a database); it was moved aside as ${aside} and a new one was started.`,
      ]);
      const capabilities = (await service.api('/capabilities')).json as { extensions: string[]; problems: string[] };
      expect(capabilities).toEqual({
        extensions: expect.arrayContaining(['history']),
        problems: [`The history file could not be read, so a new one was started; the old one was kept as ${aside}.`],
      });
      const created = await service.api('/monitors', { method: 'POST', body: { name: 'a', type: 'tcp', url: '127.0.0.1:9', frequency: 30 } });
      expect(created.status).toBe(201);
      expect((await service.api('/events?item=service')).json).toEqual([expect.objectContaining({ kind: 'service', to: 'started' })]);
    } finally {
      await service.stop();
    }
  });
});
