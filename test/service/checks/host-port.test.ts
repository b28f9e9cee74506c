import { describe, expect, it } from 'vitest';
import { parseHostPort } from '../../../service/checks/host-port.ts';

describe('parseHostPort', () => {
  it('splits names, IPv4 and bracketed IPv6', () => {
    expect(parseHostPort('example.com:53')).toEqual({ host: 'example.com', port: 53 });
    expect(parseHostPort('127.0.0.1:8080')).toEqual({ host: '127.0.0.1', port: 8080 });
    expect(parseHostPort('[::1]:80')).toEqual({ host: '::1', port: 80 });
    expect(parseHostPort('[2001:db8::1]:65535')).toEqual({ host: '2001:db8::1', port: 65_535 });
  });

  it('refuses a missing or out-of-range port, unbracketed IPv6 and option-like hosts', () => {
    for (const text of ['example.com', 'example.com:', 'example.com:0', 'example.com:65536', '::1:80', '[::1]', ':80', '-x:80']) {
      expect(parseHostPort(text), text).toBeUndefined();
    }
  });
});
