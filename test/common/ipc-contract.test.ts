import { describe, expect, it } from 'vitest';
import { channelOf, checkCall, vigilEvents, vigilMethods } from '../../common/ipc/contract.ts';

describe('the IPC contract', () => {
  it('accepts valid calls and hands back the parsed arguments', () => {
    expect(checkCall('getStatus', [])).toEqual({ ok: true, method: 'getStatus', args: [] });
    const created = checkCall('createMonitor', [{ name: ' API ', type: 'http', url: 'https://api.example.com/health', frequency: 60 }]);
    expect(created).toMatchObject({ ok: true, args: [{ name: 'API' }] });
    expect(checkCall('snooze', ['monitor:mon_1', '4h'])).toMatchObject({ ok: true });
    expect(checkCall('addRemoteConnection', [{ name: 'Prod', baseUrl: 'https://vigil.example/api', token: 'a.b.c' }])).toMatchObject({ ok: true });
  });

  it.each([
    ['createMonitor', [{ name: 'x', type: 'http', url: 'ftp://x', frequency: 60 }], 'url'],
    ['createMonitor', [], ''],
    ['getStatus', ['extra'], ''],
    ['snooze', ['monitor:1', '2h'], '1'],
    ['addRemoteConnection', [{ name: 'x', baseUrl: 'file:///etc/passwd', token: 'a' }], '0.baseUrl'],
    ['setConnectionToken', ['c1', 'has spaces in it'], '1'],
    ['deleteMonitor', [''], '0'],
  ])('refuses %s(%j), naming the bad argument', (method, args, field) => {
    const result = checkCall(method, args);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid-arguments');
    expect(result.error.details?.map((d) => d.field).join(' ')).toContain(field);
  });

  it.each(['nope', '__proto__', 'constructor', 'toString', 'hasOwnProperty'])('refuses the unknown method %s', (method) => {
    expect(checkCall(method, [])).toMatchObject({ ok: false, error: { code: 'unknown-method' } });
  });

  it('prefixes every channel, and names methods and events apart', () => {
    const names = [...Object.keys(vigilMethods), ...vigilEvents];
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(channelOf(name as never)).toBe(`vigil:${name}`);
  });
});
