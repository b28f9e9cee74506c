// The dns monitor in the shared model (docs/api-decisions.md §16, "Monitors of type dns"): the create and PUT
// schemas, the client's PUT body, and the tolerant reader.
import { describe, expect, it } from 'vitest';
import { buildMonitorPutBody, checkInput, monitorCreateInput, monitorTypeOf, monitorUpdateInput, parseItem, readMonitor, type Monitor } from '../../common/api/index.ts';

const valid = { name: 'Mail', type: 'dns', url: 'example.com', frequency: 300, dns: { record: 'MX', expect: ['10 mail.example.com'], resolver: '192.0.2.53' } };

function fieldsOf(result: { ok: true } | { ok: false; details: { field: string }[] }): string[] {
  return result.ok ? [] : result.details.map((detail) => detail.field);
}

describe('monitorCreateInput: dns', () => {
  it('is a known type and accepts a dns monitor with its lookup', () => {
    expect(monitorTypeOf({ type: 'dns' })).toBe('dns');
    expect(checkInput(monitorCreateInput, valid)).toEqual({ ok: true, value: valid });
  });

  it.each<[Record<string, unknown>, string[]]>([
    [{ url: '192.0.2.1' }, ['url']],
    [{ url: 'https://example.com/' }, ['url']],
    [{ dns: undefined }, ['dns']],
    [{ dns: [] }, ['dns']],
    [{ dns: { record: 'a' } }, ['dns.record']],
    [{ dns: { record: 'AAAA', expect: '192.0.2.1' } }, ['dns.expect']],
    [{ dns: { record: 'A', resolver: '192.0.2.53:0' } }, ['dns.resolver']],
    [{ expect: { status: [200] } }, ['expect']],
    [{ name: '', url: '10.0.0.1', dns: undefined }, ['name', 'url', 'dns']],
  ])('refuses %j naming %j', (change, fields) => {
    expect(fieldsOf(checkInput(monitorCreateInput, { ...valid, ...change }))).toEqual(fields);
  });

  it('refuses dns on another type, and a dns of any shape on a type it does not fit', () => {
    expect(checkInput(monitorCreateInput, { name: 'P', type: 'ping', url: 'example.com', frequency: 60, dns: { record: 'A' } })).toEqual({
      ok: false,
      details: [{ field: 'dns', message: 'applies only to dns monitors' }],
    });
  });
});

describe('monitorUpdateInput: dns', () => {
  it('takes dns, null or nothing; the service merges with what is stored', () => {
    const { dns: _dns, ...withoutDns } = valid;
    expect(checkInput(monitorUpdateInput, withoutDns)).toMatchObject({ ok: true });
    expect(checkInput(monitorUpdateInput, { ...valid, dns: null })).toMatchObject({ ok: true, value: { dns: null } });
    expect(fieldsOf(checkInput(monitorUpdateInput, { ...valid, dns: { record: 'SOA' } }))).toEqual(['dns.record']);
  });
});

describe('buildMonitorPutBody: dns', () => {
  const fetched: Monitor = { id: 'mon_1', ...valid, last_status: 'up' };

  it('leaves an unedited lookup out, so the service keeps it', () => {
    const result = buildMonitorPutBody(fetched, { name: 'Mail 2', type: 'dns' });
    expect(result).toMatchObject({ ok: true, body: { name: 'Mail 2', type: 'dns' } });
    expect(result.ok && 'dns' in result.body).toBe(false);
  });

  it('renames a dns monitor of a server that sends no lookup, the type sent back unchanged', () => {
    const remote: Monitor = { id: '7', name: 'Resolver', type: 'dns', url: 'example.com', frequency: 5 };
    expect(buildMonitorPutBody(remote, { name: 'Resolver 2', type: 'dns' })).toMatchObject({ ok: true, body: { name: 'Resolver 2', frequency: 5 } });
  });

  it('sends an edited lookup, checked by the shared rules', () => {
    expect(buildMonitorPutBody(fetched, { dns: { record: 'A', expect: '192.0.2.7' } })).toMatchObject({ ok: true, body: { dns: { record: 'A', expect: '192.0.2.7' } } });
    expect(fieldsOf(buildMonitorPutBody(fetched, { dns: { record: 'A', expect: 'mail.example.com' } }))).toEqual(['dns.expect']);
    expect(fieldsOf(buildMonitorPutBody(fetched, { dns: null }))).toEqual(['dns']);
  });

  it('asks for a lookup when the type becomes dns, and refuses one on another type', () => {
    const ping: Monitor = { id: 'mon_2', name: 'Host', type: 'ping', url: 'example.com', frequency: 60 };
    expect(buildMonitorPutBody(ping, { type: 'dns' })).toEqual({
      ok: false,
      details: [{ field: 'dns', message: 'is required for a dns monitor: an object with record, and optionally expect and resolver' }],
    });
    expect(buildMonitorPutBody(ping, { type: 'dns', dns: { record: 'A' } })).toMatchObject({ ok: true, body: { type: 'dns', dns: { record: 'A' } } });
    expect(fieldsOf(buildMonitorPutBody(ping, { dns: { record: 'A' } }))).toEqual(['dns']);
    // Leaving dns for ping: the fetched lookup is not sent, and the service drops it.
    expect(buildMonitorPutBody(fetched, { type: 'ping' })).toMatchObject({ ok: true, body: { type: 'ping' } });
  });
});

describe('readMonitor: dns', () => {
  function read(json: unknown) {
    const result = parseItem(readMonitor, json);
    if (!result.ok) throw new Error(result.error.message);
    return result;
  }

  it('reads the lookup, with one object shape whatever it holds', () => {
    expect(read(valid)).toEqual({ ok: true, item: valid, issues: [] });
    const { item } = read({ dns: { record: 'TXT', expect: 'v=spf1' } });
    expect(item.dns).toEqual({ record: 'TXT', expect: 'v=spf1' });
    expect(Object.keys(item.dns ?? {})).toEqual(Object.keys(read(valid).item.dns ?? {}));
    expect(read({ dns: null }).item).toEqual({});
  });

  it('keeps a record type newer than this code, and drops only the unusable parts', () => {
    expect(read({ dns: { record: 'SVCB', resolver: '192.0.2.53' } }).item.dns).toEqual({ record: 'SVCB', resolver: '192.0.2.53' });
    const { item, issues } = read({ dns: { record: 5, expect: ['a', 7], resolver: '192.0.2.53' } });
    expect(item.dns).toEqual({ expect: ['a'], resolver: '192.0.2.53' });
    expect(issues.map((issue) => issue.path.join('.'))).toEqual(['dns.record', 'dns.expect.1']);
    const odd = read({ dns: { record: 'A', expect: 5 } });
    expect(odd.issues).toEqual([{ path: ['dns', 'expect'], message: 'expected a string or a list of strings, got number' }]);
    expect(read({ dns: 'MX' }).issues.map((issue) => issue.path.join('.'))).toEqual(['dns']);
  });
});
