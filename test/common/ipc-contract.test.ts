import { describe, expect, it } from 'vitest';
import { checkCall } from '../../common/ipc/call-check.ts';
import { channelOf, coreEventNames, methodNames, windowEventNames } from '../../common/ipc/contract.ts';

describe('the IPC contract', () => {
  it('accepts valid calls and hands back the parsed arguments', () => {
    expect(checkCall('getStatus', [])).toEqual({ ok: true, method: 'getStatus', args: [] });
    const created = checkCall('createMonitor', ['work', { name: ' API ', type: 'http', url: 'https://api.example.com/health', frequency: 60 }]);
    expect(created).toMatchObject({ ok: true, args: ['work', { name: 'API' }] });
    expect(checkCall('snooze', ['work/monitor:mon_1', '4h'])).toMatchObject({ ok: true });
    expect(checkCall('setConnectionEnabled', ['work', false])).toMatchObject({ ok: true, args: ['work', false] });
    expect(checkCall('addRemoteConnection', [{ name: 'Prod', baseUrl: 'https://vigil.example/api', token: 'a.b.c' }])).toMatchObject({ ok: true });
  });

  it.each([
    ['createMonitor', ['work', { name: 'x', type: 'http', url: 'ftp://x', frequency: 60 }], ['1.url'], /http/],
    ['createMonitor', [], [''], /^takes 2 arguments, not 0$/],
    ['listMonitors', ['../work'], ['0'], /^must be the id of a connection$/],
    ['getStatus', ['extra'], [''], /^takes 0 arguments, not 1$/],
    ['getStatus', 'extra', [''], /^must be a list of 0 arguments$/],
    ['snooze', ['work/monitor:1', '2h'], ['1'], /./],
    ['snooze', ['monitor:1', '1h'], ['0'], /^must be a server item key like "work\/monitor:42"$/],
    ['addRemoteConnection', [{ name: 'x', baseUrl: 'file:///etc/passwd', token: 'a' }], ['0.baseUrl'], /must start with http:\/\/ or https:\/\//],
    ['setConnectionToken', ['c1', 'has spaces in it'], ['1'], /^must be one word with no spaces$/],
    ['deleteMonitor', ['work', ''], ['1'], /./],
  ])('refuses %s(%j), naming exactly the bad argument', (method, args, fields, message) => {
    const result = checkCall(method, args);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ code: 'invalid-arguments', message: `${method} was called with invalid arguments.` });
    expect(result.error.details?.map((detail) => detail.field)).toEqual(fields);
    expect(result.error.details?.[0]?.message).toMatch(message);
  });

  it.each(['nope', '__proto__', 'constructor', 'toString', 'hasOwnProperty'])('refuses the unknown method %s', (method) => {
    expect(checkCall(method, [])).toMatchObject({ ok: false, error: { code: 'unknown-method' } });
  });

  it('prefixes every channel, and names methods and events apart', () => {
    const names = [...methodNames, ...windowEventNames];
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(channelOf(name)).toBe(`vigil:${name}`);
  });

  it('keeps the shell\'s events out of the core\'s: a click in the tray is not something the core says', () => {
    expect(coreEventNames).toEqual(['onDidChangeStatus', 'onAlert']);
    expect(windowEventNames).toEqual([...coreEventNames, 'onOpenItem', 'onOpenSettings']);
  });
});
