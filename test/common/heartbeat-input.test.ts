import { describe, expect, it } from 'vitest';
import { checkInput, HEARTBEAT_DEFAULTS, heartbeatCreateInput } from '../../common/api/index.ts';

describe('heartbeatCreateInput', () => {
  it.each([
    [{}, {}],
    [{ name: ' Nightly backup ' }, { name: 'Nightly backup' }],
    [{ expected_interval: 10 }, { expected_interval: 10 }],
    [{ expected_interval: 31_622_400 }, { expected_interval: 31_622_400 }],
    [{ name: 'Backup', expected_interval: 86_400, slug: 'ignored' }, { name: 'Backup', expected_interval: 86_400 }],
    [{ schedule: ' 30  2 * * * ' }, { schedule: '30 2 * * *' }],
    [{ schedule: '@Daily', timezone: ' europe/berlin ' }, { schedule: '@daily', timezone: 'Europe/Berlin' }],
    [{ schedule: '0 3 * * 1-5', timezone: 'America/New_York', grace_seconds: 600, max_runtime_seconds: 7200 }, { schedule: '0 3 * * 1-5', timezone: 'America/New_York', grace_seconds: 600, max_runtime_seconds: 7200 }],
    [{ expected_interval: 60, grace_seconds: 10, max_runtime_seconds: 2_592_000 }, { expected_interval: 60, grace_seconds: 10, max_runtime_seconds: 2_592_000 }],
  ])('accepts %j', (body, value) => {
    expect(checkInput(heartbeatCreateInput, body)).toEqual({ ok: true, value });
  });

  const intervalMessage = 'must be between 10 seconds and 366 days';
  it.each([
    [{ name: '' }, 'name', 'must not be empty'],
    [{ name: null }, 'name', 'must be text'],
    [{ expected_interval: 9 }, 'expected_interval', intervalMessage],
    [{ expected_interval: 31_622_401 }, 'expected_interval', intervalMessage],
    [{ expected_interval: 60.5 }, 'expected_interval', 'must be a whole number of seconds'],
    [{ expected_interval: '3600' }, 'expected_interval', 'must be a number'],
    [{ schedule: 42 }, 'schedule', 'must be text'],
    [{ schedule: '0 0 * * * *' }, 'schedule', 'must have 5 fields, not 6 (seconds and years are not supported): like "30 2 * * *" (minute, hour, day of month, month, day of week)'],
    [{ schedule: '0 0 30 2 *' }, 'schedule', 'never fires: no date matches it'],
    [{ schedule: `0 0 * * ${'1,'.repeat(100)}2` }, 'schedule', 'must be at most 200 characters'],
    [{ schedule: '0 3 * * *', expected_interval: 86_400 }, 'schedule', 'must not be given together with expected_interval: give one of the two'],
    [{ schedule: '0 3 * * *', timezone: 'Mars/Olympus_Mons' }, 'timezone', 'must be an IANA time zone name this computer knows, like Europe/Berlin'],
    [{ schedule: '0 3 * * *', timezone: 3 }, 'timezone', 'must be an IANA time zone name, like Europe/Berlin'],
    [{ timezone: 'Europe/Berlin' }, 'timezone', 'is used only with schedule'],
    [{ grace_seconds: 9 }, 'grace_seconds', 'must be between 10 seconds and 366 days'],
    [{ grace_seconds: 1.5 }, 'grace_seconds', 'must be a whole number of seconds'],
    [{ grace_seconds: '60' }, 'grace_seconds', 'must be a number'],
    [{ max_runtime_seconds: 2_592_001 }, 'max_runtime_seconds', 'must be between 10 seconds and 30 days'],
    [{ max_runtime_seconds: null }, 'max_runtime_seconds', 'must be a number'],
  ])('rejects %j', (body, field, message) => {
    expect(checkInput(heartbeatCreateInput, body)).toEqual({ ok: false, details: [{ field, message }] });
  });

  it('documents the service defaults, which themselves pass the rules', () => {
    expect(checkInput(heartbeatCreateInput, HEARTBEAT_DEFAULTS)).toEqual({ ok: true, value: HEARTBEAT_DEFAULTS });
  });
});
