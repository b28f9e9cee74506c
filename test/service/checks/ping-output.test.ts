import { describe, expect, it } from 'vitest';
import { describePingFailure, pingReplied } from '../../../service/checks/ping-output.ts';

describe('pingReplied', () => {
  it('trusts the exit status outside Windows', () => {
    expect(pingReplied('', '127.0.0.1', 'linux')).toBe(true);
    expect(pingReplied('', '127.0.0.1', 'darwin')).toBe(true);
  });

  it('on Windows needs the TTL of an IPv4 reply, since a router\'s "unreachable" also exits 0', () => {
    expect(pingReplied('Reply from 192.0.2.1: bytes=32 time=3ms TTL=57', 'example.com', 'win32')).toBe(true);
    expect(pingReplied('Reply from 192.0.2.254: Destination host unreachable.', '192.0.2.1', 'win32')).toBe(false);
    expect(pingReplied('Reply from ::1: time<1ms', '::1', 'win32')).toBe(true);
  });
});

describe('describePingFailure', () => {
  it('names unresolvable hosts on each platform', () => {
    expect(describePingFailure('', 'ping: nowhere.invalid: Name or service not known')).toBe('host not found');
    expect(describePingFailure('', 'ping: cannot resolve nowhere.invalid: Unknown host')).toBe('host not found');
    expect(describePingFailure('Ping request could not find host nowhere.invalid. Please check the name and try again.', '')).toBe(
      'host not found',
    );
  });

  it('names unreachable hosts', () => {
    expect(describePingFailure('From 192.0.2.254 icmp_seq=1 Destination Host Unreachable', '')).toBe('host unreachable');
  });

  it('says no reply when ping only counted a lost packet', () => {
    expect(describePingFailure('1 packets transmitted, 0 received, 100% packet loss', '')).toBe('no reply to ping');
  });

  it('passes on any other error from ping, without its prefix', () => {
    expect(describePingFailure('', 'ping: socket: Operation not permitted\n')).toBe('socket: Operation not permitted');
  });
});
