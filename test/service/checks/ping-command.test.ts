import { describe, expect, it } from 'vitest';
import { pingCommandLine, pingHost } from '../../../service/checks/ping-command.ts';

const commands = { pingCommand: 'ping', ping6Command: 'ping6' };

describe('pingCommandLine', () => {
  it.each([
    ['iputils flags on Linux, the wait in whole seconds', 'example.com', 10_000, 'linux', { file: 'ping', args: ['-n', '-c', '1', '-W', '10', 'example.com'] }],
    ['-6 for an IPv6 literal on Linux, the wait rounded up', '::1', 2_500, 'linux', { file: 'ping', args: ['-n', '-c', '1', '-W', '3', '-6', '::1'] }],
    ['-t seconds on macOS', '192.0.2.1', 10_000, 'darwin', { file: 'ping', args: ['-n', '-c', '1', '-t', '10', '192.0.2.1'] }],
    ['ping6 without a wait flag for IPv6 on macOS', '2001:db8::1', 10_000, 'darwin', { file: 'ping6', args: ['-n', '-c', '1', '2001:db8::1'] }],
    ['-n 1 -w milliseconds on Windows', 'example.com', 10_000, 'win32', { file: 'ping', args: ['-n', '1', '-w', '10000', 'example.com'] }],
    ['-6 for an IPv6 literal on Windows', '::1', 1_500, 'win32', { file: 'ping', args: ['-n', '1', '-w', '1500', '-6', '::1'] }],
  ] as const)('uses %s', (_case, host, timeoutMs, platform, expected) => {
    expect(pingCommandLine(host, timeoutMs, platform, commands)).toEqual(expected);
  });

  it('waits at least one whole second on Linux', () => {
    expect(pingCommandLine('127.0.0.1', 200, 'linux', commands).args).toContain('1');
  });

  it('honours a configured binary', () => {
    expect(pingCommandLine('127.0.0.1', 1_000, 'linux', { ...commands, pingCommand: '/usr/bin/ping' }).file).toBe('/usr/bin/ping');
  });
});

describe('pingHost', () => {
  it('takes host names and addresses, unbracketing IPv6', () => {
    expect(pingHost('example.com')).toBe('example.com');
    expect(pingHost('127.0.0.1')).toBe('127.0.0.1');
    expect(pingHost('[::1]')).toBe('::1');
    expect(pingHost('::1')).toBe('::1');
  });

  it('refuses what ping would read as an option, and whitespace', () => {
    expect(pingHost('-c')).toBeUndefined();
    expect(pingHost('[-c]')).toBeUndefined();
    expect(pingHost('')).toBeUndefined();
    expect(pingHost('a b')).toBeUndefined();
    expect(pingHost('a\nb')).toBeUndefined();
  });
});
