import { describe, expect, it, vi } from 'vitest';
import { startAutoUpdates } from '../../main/electron/app/auto-update.ts';
import { manualClock } from '../helpers/manual-clock.ts';
import { recordingLogger } from '../helpers/recording-logger.ts';
import { FakeEmitter } from './fakes.ts';

function updater(check = vi.fn(async () => undefined)) {
  return Object.assign(new FakeEmitter(), { checkForUpdatesAndNotify: check });
}

describe('auto updates', () => {
  it('checks a minute after start and then every six hours, until stopped', () => {
    const fake = updater();
    const clock = manualClock();
    const stop = startAutoUpdates({ updater: fake, isPackaged: true, clock, logger: recordingLogger() });
    clock.advance(59_000);
    expect(fake.checkForUpdatesAndNotify).toHaveBeenCalledTimes(0);
    clock.advance(1_000);
    expect(fake.checkForUpdatesAndNotify).toHaveBeenCalledTimes(1);
    clock.advance(6 * 60 * 60_000);
    expect(fake.checkForUpdatesAndNotify).toHaveBeenCalledTimes(2);
    stop();
    clock.advance(24 * 60 * 60_000);
    expect(fake.checkForUpdatesAndNotify).toHaveBeenCalledTimes(2);
  });

  it('never checks in a development run, which has no update feed', () => {
    const fake = updater();
    const clock = manualClock();
    startAutoUpdates({ updater: fake, isPackaged: false, clock, logger: recordingLogger() });
    clock.advance(24 * 60 * 60_000);
    expect(fake.checkForUpdatesAndNotify).not.toHaveBeenCalled();
  });

  it('logs failures and downloads', async () => {
    const fake = updater(vi.fn(async () => Promise.reject(new Error('offline'))));
    const clock = manualClock();
    const logger = recordingLogger();
    startAutoUpdates({ updater: fake, isPackaged: true, clock, logger });
    clock.advance(60_000);
    fake.emit('update-downloaded', { version: '1.2.3' });
    fake.emit('error', new Error('bad signature'));
    await vi.waitFor(() => expect(logger.entries).toHaveLength(3), { timeout: 10_000 });
    expect(logger.text()).toContain('offline');
    expect(logger.text()).toContain('bad signature');
    expect(logger.text()).toContain('Vigil 1.2.3 is downloaded');
  });
});
