import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import log from 'electron-log/node';
import { describe, expect, it } from 'vitest';
import { AppLogger } from '../../main/electron/logging/app-logger.ts';
import { redactLogText } from '../../main/electron/logging/redact-log.ts';

const jwt = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJsb2NhbC11c2VyIn0.c2lnbmF0dXJlLWJ5dGVz';
let instances = 0;

/** A real electron-log logger (its Node flavour: the same file transport, no Electron) writing to a temp file. */
function fileLogger() {
  const backend = log.create({ logId: `vigil-test-${++instances}` });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'vigil-log-')), 'main.log');
  backend.transports.file.resolvePathFn = () => file;
  backend.transports.console.level = false;
  const logger = new AppLogger(backend);
  return { logger, backend, read: () => readFileSync(file, 'utf8') };
}

describe('the app logger', () => {
  it('writes the level, the message and the fields to the log file', () => {
    const { logger, read } = fileLogger();
    logger.warn('Polling paused.', { connection: 'c1', attempt: 2 });
    logger.info('Polling resumed.');
    expect(read()).toMatch(/\[warn\]\s+Polling paused\. \{ connection: 'c1', attempt: 2 \}\n.*\[info\]\s+Polling resumed\.\n$/);
  });

  it('never writes a token: not a known one, not a JWT, not a bearer header, not a token field or query parameter', () => {
    const { logger, read } = fileLogger();
    const secret = 'opaque-secret-token-value';
    logger.addSecret(secret);
    logger.error(`Request failed for ${secret}`, { url: `https://x.example/api?token=${secret}` });
    logger.info(`Server said: invalid token ${jwt}`);
    logger.info('Echoed header', { header: 'Authorization: Bearer abc.def.ghi' });
    logger.info('Saved connection', { connection: { name: 'Prod', token: 'plain', password: 'hunter2' } });
    logger.info('Escaped', { text: JSON.stringify(secret), encoded: encodeURIComponent(`${secret}/`) });
    const text = read();
    for (const leaked of [secret, jwt, 'abc.def.ghi', 'plain', 'hunter2']) expect(text).not.toContain(leaked);
    expect(text).toContain('[redacted]');
    expect(text).toContain('Prod');
  });

  it('redacts what other libraries log through the same backend (electron-updater), errors included', () => {
    const { logger, backend, read } = fileLogger();
    logger.addSecret('s3cr3t-value');
    backend.info(`GET https://api.example/feed with Bearer ${jwt}`);
    backend.error(new Error('401 for s3cr3t-value'));
    const text = read();
    expect(text).not.toContain(jwt);
    expect(text).not.toContain('s3cr3t-value');
    expect(text).toContain('401 for [redacted]');
  });

  it('keeps logging when a field cannot be serialised', () => {
    const { logger, read } = fileLogger();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    logger.info('Odd fields', { big: 10n, cyclic });
    expect(read()).toContain('Odd fields');
  });

  it('leaves ordinary text alone', () => {
    expect(redactLogText('3 monitors, 1 down since 14:05 (https://api.example.com/health)', [])).toBe(
      '3 monitors, 1 down since 14:05 (https://api.example.com/health)',
    );
  });
});
