import { describe, expect, it } from 'vitest';
import { checkInput, monitorCreateInput, monitorUpdateInput } from '../../common/api/index.ts';

const valid = { name: 'Site', url: 'https://example.com/health', type: 'http', frequency: 60 };

function detailsFor(body: unknown) {
  const result = checkInput(monitorCreateInput, body);
  return result.ok ? [] : result.details;
}

describe('monitorCreateInput', () => {
  it('accepts a valid body and trims text', () => {
    expect(checkInput(monitorCreateInput, { ...valid, name: '  Site  ', url: ' https://example.com/health ' })).toEqual({
      ok: true,
      value: valid,
    });
  });

  it('drops unknown fields', () => {
    expect(checkInput(monitorCreateInput, { ...valid, owner: 'me' })).toEqual({ ok: true, value: valid });
  });

  it.each([
    ['tcp', 'example.com:443'],
    ['tcp', '192.0.2.1:5432'],
    ['udp', '[2001:db8::1]:53'],
    ['ping', 'example.com'],
    ['ping', '192.0.2.1'],
    ['ping', '2001:db8::1'],
    ['ping', '[2001:db8::1]'],
    ['http', 'http://localhost:8080/'],
  ])('accepts a %s monitor of %s', (type, url) => {
    expect(detailsFor({ ...valid, type, url })).toEqual([]);
  });

  it.each([10, 86_400, 3600])('accepts the frequency %d', (frequency) => {
    expect(detailsFor({ ...valid, frequency })).toEqual([]);
  });

  it('requires every field', () => {
    expect(detailsFor({})).toEqual([
      { field: 'name', message: 'is required' },
      { field: 'url', message: 'is required' },
      { field: 'type', message: 'is required' },
      { field: 'frequency', message: 'is required' },
    ]);
  });

  it.each([[null], [[]], ['body'], [undefined]])('refuses a body that is not an object: %j', (body) => {
    expect(detailsFor(body)).toEqual([{ field: '', message: 'the request body must be a JSON object' }]);
  });

  const frequencyMessage = 'must be between 10 seconds and 1 day';
  it.each([
    [{ name: '   ' }, 'name', 'must not be empty'],
    [{ name: 'x'.repeat(201) }, 'name', 'must be at most 200 characters'],
    [{ name: 'a\nb' }, 'name', 'must not contain control characters or line breaks'],
    [{ name: 'a\u0000b' }, 'name', 'must not contain control characters or line breaks'],
    [{ name: 'a\u2028b' }, 'name', 'must not contain control characters or line breaks'],
    [{ name: 'a\uD800b' }, 'name', 'must not contain broken (unpaired surrogate) characters'],
    [{ name: 5 }, 'name', 'must be text'],
    [{ name: null }, 'name', 'must be text'],
    [{ type: 'smtp' }, 'type', 'must be one of: http, tcp, udp, ping, dns'],
    [{ type: 'HTTP' }, 'type', 'must be one of: http, tcp, udp, ping, dns'],
    [{ frequency: 9 }, 'frequency', frequencyMessage],
    [{ frequency: 86_401 }, 'frequency', frequencyMessage],
    [{ frequency: 60.5 }, 'frequency', 'must be a whole number of seconds'],
    [{ frequency: '60' }, 'frequency', 'must be a number'],
    [{ url: '' }, 'url', 'must not be empty'],
    [{ url: 'example.com' }, 'url', 'must start with http:// or https://, like https://example.com'],
    [{ url: 'https://user:pass@example.com/' }, 'url', 'must not contain a user name or password (user:pass@)'],
    [{ url: `https://example.com/${'a'.repeat(2030)}` }, 'url', 'must be at most 2048 characters'],
    [{ type: 'tcp', url: 'example.com' }, 'url', 'must be host:port, like example.com:443 or [2001:db8::1]:53, with a port from 1 to 65535'],
    [{ type: 'udp', url: 'example.com:0' }, 'url', 'must be host:port, like example.com:443 or [2001:db8::1]:53, with a port from 1 to 65535'],
    [{ type: 'tcp', url: '::1:53' }, 'url', 'must be host:port, like example.com:443 or [2001:db8::1]:53, with a port from 1 to 65535'],
    [{ type: 'ping', url: 'https://example.com' }, 'url', 'must be a host name or IP address, like example.com or 192.0.2.1'],
    [{ type: 'ping', url: 'exa mple.com' }, 'url', 'must be a host name or IP address, like example.com or 192.0.2.1'],
  ])('rejects %j', (change, field, message) => {
    expect(detailsFor({ ...valid, ...change })).toEqual([{ field, message }]);
  });

  it('counts name length in characters (code points), not UTF-16 units', () => {
    expect(detailsFor({ ...valid, name: '🦊'.repeat(200) })).toEqual([]);
    expect(detailsFor({ ...valid, name: '🦊'.repeat(201) })).toEqual([{ field: 'name', message: 'must be at most 200 characters' }]);
  });

  it('reports a bad url together with other bad fields', () => {
    expect(detailsFor({ ...valid, name: '', url: 'nope', frequency: 1.5 }).map((detail) => detail.field)).toEqual([
      'name',
      'frequency',
      'url',
    ]);
  });

  it('does not judge the url when the type is unusable', () => {
    expect(detailsFor({ ...valid, type: 'smtp', url: 'whatever' })).toEqual([
      { field: 'type', message: 'must be one of: http, tcp, udp, ping, dns' },
    ]);
  });
});

describe('monitorUpdateInput', () => {
  it('accepts a full Monitor, keeping id and dropping read-only and unknown fields', () => {
    const body = {
      ...valid,
      id: 'mon_1',
      last_status: 'up',
      created_at: '2026-11-21T15:52:00.000Z',
      updated_at: 'garbage is ignored',
      tags: ['x'],
    };
    expect(checkInput(monitorUpdateInput, body)).toEqual({ ok: true, value: { ...valid, id: 'mon_1' } });
  });

  it('accepts a body without id', () => {
    expect(checkInput(monitorUpdateInput, valid)).toEqual({ ok: true, value: valid });
  });

  it('applies the create rules', () => {
    const result = checkInput(monitorUpdateInput, { ...valid, type: 'tcp' });
    expect(result.ok || result.details[0]?.field).toBe('url');
  });

  it.each([[42, 'must be text'], ['', 'must not be empty']])('rejects the id %j', (id, message) => {
    const result = checkInput(monitorUpdateInput, { ...valid, id });
    expect(result).toEqual({ ok: false, details: [{ field: 'id', message }] });
  });
});
