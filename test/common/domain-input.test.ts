import { describe, expect, it } from 'vitest';
import { checkInput, domainCreateInput } from '../../common/api/index.ts';

describe('domainCreateInput', () => {
  it('outputs the normalised ASCII domain', () => {
    expect(checkInput(domainCreateInput, { domain: ' Bücher.Example. ' })).toEqual({
      ok: true,
      value: { domain: 'xn--bcher-kva.example' },
    });
  });

  it('takes the host of a pasted URL', () => {
    expect(checkInput(domainCreateInput, { domain: 'https://example.com/path' })).toEqual({
      ok: true,
      value: { domain: 'example.com' },
    });
  });

  it.each([
    [{}, 'is required'],
    [{ domain: 42 }, 'must be text'],
    [{ domain: '' }, 'must not be empty'],
    [{ domain: '192.0.2.1' }, 'must be a domain name, not an IP address'],
    [{ domain: 'localhost' }, 'must have at least two labels, like example.com'],
  ])('rejects %j', (body, message) => {
    expect(checkInput(domainCreateInput, body)).toEqual({ ok: false, details: [{ field: 'domain', message }] });
  });
});
