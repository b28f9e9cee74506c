import { describe, expect, it } from 'vitest';
import { checkInput, HEARTBEAT_DEFAULTS, heartbeatCreateInput } from '../../common/api/index.ts';

describe('heartbeatCreateInput', () => {
  it.each([
    [{}, {}],
    [{ name: ' Nightly backup ' }, { name: 'Nightly backup' }],
    [{ expected_interval: 10 }, { expected_interval: 10 }],
    [{ expected_interval: 31_622_400 }, { expected_interval: 31_622_400 }],
    [{ name: 'Backup', expected_interval: 86_400, slug: 'ignored' }, { name: 'Backup', expected_interval: 86_400 }],
  ])('accepts %j', (body, value) => {
    expect(checkInput(heartbeatCreateInput, body)).toEqual({ ok: true, value });
  });

  const intervalMessage = 'must be a whole number of seconds between 10 and 31622400 (366 days)';
  it.each([
    [{ name: '' }, 'name', 'must not be empty'],
    [{ name: null }, 'name', 'must be text'],
    [{ expected_interval: 9 }, 'expected_interval', intervalMessage],
    [{ expected_interval: 31_622_401 }, 'expected_interval', intervalMessage],
    [{ expected_interval: 60.5 }, 'expected_interval', intervalMessage],
    [{ expected_interval: '3600' }, 'expected_interval', 'must be a number'],
  ])('rejects %j', (body, field, message) => {
    expect(checkInput(heartbeatCreateInput, body)).toEqual({ ok: false, details: [{ field, message }] });
  });

  it('documents the service defaults, which themselves pass the rules', () => {
    expect(checkInput(heartbeatCreateInput, HEARTBEAT_DEFAULTS)).toEqual({ ok: true, value: HEARTBEAT_DEFAULTS });
  });
});
