// Browser mode's page secret on the wire: what the server puts in the fragment the page reads back, and what the
// page offers as subprotocols the server reads back; anything else is no secret at all.
import { describe, expect, it } from 'vitest';
import { contractProtocol, contractProtocols, pageSecretFragment, pageSecretFromFragment, pageSecretFromProtocols } from '../../common/ipc/page-secret.ts';

const secret = 'Abc_-0123456789abcdefghijklmnopqrstuvwxyzAB';

describe('the fragment', () => {
  it('carries the secret there and back', () => {
    expect(pageSecretFragment(secret)).toBe(`#vigil-page-secret=${secret}`);
    expect(pageSecretFromFragment(pageSecretFragment(secret))).toBe(secret);
  });

  it.each(['', '#/monitors', '#vigil-page-secret=', `#vigil-page-secret=${secret} `, '#vigil-page-secret=a,b', `#other=${secret}`])('holds none in %j', (hash) => {
    expect(pageSecretFromFragment(hash)).toBeUndefined();
  });
});

describe('the subprotocols', () => {
  it('offer the contract protocol, and the secret beside it when the page holds one', () => {
    expect(contractProtocols(undefined)).toEqual([contractProtocol]);
    expect(contractProtocols(secret)).toEqual([contractProtocol, `vigil-page-secret.${secret}`]);
    expect(pageSecretFromProtocols(contractProtocols(secret).join(', '))).toBe(secret);
  });

  it('never offer a value that would make the browser refuse to open the socket', () => {
    expect(contractProtocols('tampered value, with spaces')).toEqual([contractProtocol]);
  });

  it.each([undefined, '', contractProtocol, 'vigil-page-secretX'])('find none in %j', (header) => {
    expect(pageSecretFromProtocols(header)).toBeUndefined();
  });
});
