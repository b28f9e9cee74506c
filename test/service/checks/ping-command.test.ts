import { describe, expect, it } from 'vitest';
import { pingCommandLine, pingHost } from '../../../service/checks/ping-command.ts';

const commands = { pingCommand: 'ping', ping6Command: 'ping6' };

describe('pingCommandLine', () => {
  it('uses iputils flags on Linux, with -6 for IPv6 literals and the wait in whole seconds', () => {
    expect(pingCommandLine('example.com', 10_000, 'linux', commands)).toEqual({
      file: 'ping',
      args: ['-n', '-c', '1', '-W', '10', 'example.com'],
    });
    expect(pingCommandLine('::1', 2_500, 'linux', commands)).toEqual({
      file: 'ping',
      args: ['-n', '-c', '1', '-W', '3', '-6', '::1'],
    });
    expect(pingCommandLine('127.0.0.1', 200, 'linux', commands).args).toContain('1');
  });

  it('uses -t seconds on macOS, and ping6 without a wait flag for IPv6', () => {
    expect(pingCommandLine('192.0.2.1', 10_000, 'darwin', commands)).toEqual({
      file: 'ping',
      args: ['-n', '-c', '1', '-t', '10', '192.0.2.1'],
    });
    expect(pingCommandLine('2001:db8::1', 10_000, 'darwin', commands)).toEqual({
      file: 'ping6',
      args: ['-n', '-c', '1', '2001:db8::1'],
    });
  });

  it('uses -n 1 -w milliseconds on Windows, with -6 for IPv6 literals', () => {
    expect(pingCommandLine('example.com', 10_000, 'win32', commands)).toEqual({
      file: 'ping',
      args: ['-n', '1', '-w', '10000', 'example.com'],
    });
    expect(pingCommandLine('::1', 1_500, 'win32', commands)).toEqual({ file: 'ping', args: ['-n', '1', '-w', '1500', '-6', '::1'] });
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
