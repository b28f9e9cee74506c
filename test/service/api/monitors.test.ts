// /monitors over real HTTP: every operation, pagination, and each error class.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../helpers/service-harness.ts';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

// Targets on loopback that nothing listens on: the scheduler's checks fail fast and harmlessly.
const newMonitor = (name: string) => ({ name, type: 'http', url: 'http://127.0.0.1:9/health', frequency: 60 });

describe('create, read, update, delete', () => {
  it('creates a monitor with 201 and every spec field', async () => {
    const created = await service.api('/monitors', { method: 'POST', body: newMonitor('API') });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toMatch(/^application\/json/);
    expect(created.json).toMatchObject({ name: 'API', type: 'http', url: 'http://127.0.0.1:9/health', frequency: 60, last_status: 'unknown' });
    const body = created.json as Record<string, string>;
    expect(body.id).toMatch(/^mon_/);
    expect(Date.parse(body.created_at ?? '')).not.toBeNaN();
    expect(body.updated_at).toBe(body.created_at);
  });

  it('reads it back by id, and lists it', async () => {
    const { json } = await service.api('/monitors', { method: 'POST', body: newMonitor('Read me') });
    const id = (json as { id: string }).id;
    const read = await service.api(`/monitors/${encodeURIComponent(id)}`);
    expect(read.status).toBe(200);
    expect(read.json).toEqual(json);
    const list = await service.api('/monitors?limit=1000');
    expect((list.json as { id: string }[]).map((m) => m.id)).toContain(id);
  });

  it('replaces a monitor with PUT of the full object, echoing read-only fields back', async () => {
    const { json } = await service.api('/monitors', { method: 'POST', body: newMonitor('Before') });
    const monitor = json as Record<string, unknown>;
    const put = await service.api(`/monitors/${monitor.id as string}`, {
      method: 'PUT',
      body: { ...monitor, name: 'After', frequency: 120, some_future_field: true },
    });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ id: monitor.id, name: 'After', frequency: 120, created_at: monitor.created_at });
    expect((put.json as Record<string, unknown>).some_future_field).toBeUndefined();
    expect((await service.api(`/monitors/${monitor.id as string}`)).json).toEqual(put.json);
  });

  it('refuses a PUT whose body id differs from the path', async () => {
    const { json } = await service.api('/monitors', { method: 'POST', body: newMonitor('Mine') });
    const monitor = json as Record<string, unknown>;
    const put = await service.api(`/monitors/${monitor.id as string}`, { method: 'PUT', body: { ...monitor, id: 'mon_other' } });
    expect(put.status).toBe(400);
    expect(put.json).toMatchObject({ error: { code: 'validation_failed', details: [{ field: 'id' }] } });
  });

  it('refuses a PUT that is not the full Monitor', async () => {
    const { json } = await service.api('/monitors', { method: 'POST', body: newMonitor('Partial') });
    const put = await service.api(`/monitors/${(json as { id: string }).id}`, { method: 'PUT', body: { name: 'Only a name' } });
    expect(put.status).toBe(400);
    const fields = (put.json as { error: { details: { field: string }[] } }).error.details.map((d) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['type', 'url', 'frequency']));
  });

  it('deletes with 204 and no body, after which the id is 404', async () => {
    const { json } = await service.api('/monitors', { method: 'POST', body: newMonitor('Doomed') });
    const id = (json as { id: string }).id;
    const deleted = await service.api(`/monitors/${id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await service.api(`/monitors/${id}`)).status).toBe(404);
    expect((await service.api(`/monitors/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await service.api(`/monitors/${id}`, { method: 'PUT', body: newMonitor('x') })).status).toBe(404);
  });

  it.each(['no-such-id', 'with space', 'a/b', 'ü-ñ-✓', '..', '%2E%2E', "1' OR '1'='1"])('answers 404 JSON for unknown id %j', async (id) => {
    const response = await service.api(`/monitors/${encodeURIComponent(id)}`);
    expect(response.status).toBe(404);
    expect(response.json).toMatchObject({ error: { code: 'not_found' } });
  });
});

describe('validation', () => {
  it.each([
    [{ ...newMonitor('x'), type: 'smtp' }, 'type'],
    [{ ...newMonitor('x'), frequency: 5 }, 'frequency'],
    [{ ...newMonitor('x'), frequency: 30.5 }, 'frequency'],
    [{ ...newMonitor('x'), frequency: '60' }, 'frequency'],
    [{ ...newMonitor('x'), name: '' }, 'name'],
    [{ ...newMonitor('x'), name: 'n'.repeat(201) }, 'name'],
    [{ ...newMonitor('x'), url: 'ftp://example.com' }, 'url'],
    [{ ...newMonitor('x'), type: 'tcp', url: 'example.com' }, 'url'],
    [{ ...newMonitor('x'), type: 'tcp', url: 'example.com:70000' }, 'url'],
    [{ ...newMonitor('x'), type: 'ping', url: 'http://example.com' }, 'url'],
    [{ name: 'x', type: 'http', frequency: 60 }, 'url'],
  ])('refuses %j naming the field %s', async (body, field) => {
    const response = await service.api('/monitors', { method: 'POST', body });
    expect(response.status).toBe(400);
    const error = (response.json as { error: { code: string; message: string; details: { field: string; message: string }[] } }).error;
    expect(error.code).toBe('validation_failed');
    expect(error.details.map((d) => d.field)).toContain(field);
    expect(error.details.every((d) => d.message.length > 0)).toBe(true);
  });

  it('accepts each monitor type with its own target format', async () => {
    for (const [type, url] of [['http', 'https://example.com/health'], ['tcp', 'db.internal:5432'], ['udp', '[::1]:53'], ['ping', '192.0.2.1']]) {
      const response = await service.api('/monitors', { method: 'POST', body: { name: type, type, url, frequency: 60 } });
      expect(response.status, `${type} ${url}`).toBe(201);
    }
  });
});

describe('pagination', () => {
  let ids: string[];
  beforeAll(async () => {
    const fresh = await startTestService();
    await service.stop();
    service = fresh;
    ids = [];
    for (let i = 0; i < 25; i++) {
      const { json } = await service.api('/monitors', { method: 'POST', body: newMonitor(`m${i}`) });
      ids.push((json as { id: string }).id);
    }
  });

  it('pages from 1 in creation order, with X-Total-Count and a next Link', async () => {
    const first = await service.api('/monitors?page=1&limit=10');
    expect((first.json as { id: string }[]).map((m) => m.id)).toEqual(ids.slice(0, 10));
    expect(first.headers.get('x-total-count')).toBe('25');
    expect(first.headers.get('link')).toBe('</api/monitors?page=2&limit=10>; rel="next"');
    const last = await service.api('/monitors?page=3&limit=10');
    expect((last.json as { id: string }[]).map((m) => m.id)).toEqual(ids.slice(20));
    expect(last.headers.get('link')).toBeNull();
  });

  it('defaults to page 1 of 100, and answers [] past the end', async () => {
    expect(((await service.api('/monitors')).json as unknown[]).length).toBe(25);
    expect((await service.api('/monitors?page=99')).json).toEqual([]);
  });

  it.each(['page=0', 'page=-1', 'page=abc', 'limit=0', 'limit=1001', 'limit=2.5', 'page=1e3'])('refuses %s with 400', async (query) => {
    const response = await service.api(`/monitors?${query}`);
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: { code: 'validation_failed' } });
  });
});
