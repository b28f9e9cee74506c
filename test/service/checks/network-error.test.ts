import { describe, expect, it } from 'vitest';
import { describeNetworkError } from '../../../service/checks/network-error.ts';

const error = (code: string, message: string, extra: object = {}) => Object.assign(new Error(message), { code }, extra);

describe('describeNetworkError', () => {
  it('turns socket and DNS codes into short sentences', () => {
    expect(describeNetworkError(error('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:1'))).toBe('connection refused');
    expect(describeNetworkError(error('ENOTFOUND', 'getaddrinfo ENOTFOUND nowhere.invalid'))).toBe('host not found');
    expect(describeNetworkError(error('EHOSTUNREACH', 'connect EHOSTUNREACH'))).toBe('host unreachable');
    expect(describeNetworkError(error('ECONNRESET', 'socket hang up'))).toBe('connection closed before a response');
    expect(describeNetworkError(error('ECONNRESET', 'read ECONNRESET'))).toBe('connection reset');
  });

  it('prefixes TLS failures and drops Node\'s advice', () => {
    expect(describeNetworkError(error('CERT_HAS_EXPIRED', 'certificate has expired'))).toBe('TLS: certificate has expired');
    expect(
      describeNetworkError(
        error('DEPTH_ZERO_SELF_SIGNED_CERT', 'self-signed certificate; if the root CA is installed locally, try running Node.js with --use-system-ca'),
      ),
    ).toBe('TLS: self-signed certificate');
    expect(describeNetworkError(error('ERR_TLS_CERT_ALTNAME_INVALID', "Hostname/IP does not match certificate's altnames: …"))).toBe(
      'TLS: certificate does not match the host name',
    );
    expect(describeNetworkError(error('ERR_SSL_WRONG_VERSION_NUMBER', 'C0:error:0A00010B:SSL routines', { reason: 'wrong version number' }))).toBe(
      'TLS: wrong version number',
    );
  });

  it('reads the first attempt of a happy-eyeballs AggregateError', () => {
    const aggregate = new AggregateError([error('ECONNREFUSED', 'connect ECONNREFUSED ::1:1'), error('ECONNREFUSED', 'x')], '');
    expect(describeNetworkError(aggregate)).toBe('connection refused');
  });

  it('reports unparseable responses and falls back to a short first line', () => {
    expect(describeNetworkError(error('HPE_INVALID_CONSTANT', 'Parse Error: Expected HTTP/'))).toBe('invalid HTTP response');
    expect(describeNetworkError(new Error(`first line\nsecond line`))).toBe('first line');
    expect(describeNetworkError(new Error('x'.repeat(500))).length).toBeLessThanOrEqual(160);
    expect(describeNetworkError('a string')).toBe('check failed');
  });
});
