// /heartbeats (with pings), /domains and /notifications over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../helpers/service-harness.ts';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

describe('heartbeats', () => {
  it('creates with the given fields, an unguessable slug and a ping URL, and no last_ping yet', async () => {
    const created = await service.api('/heartbeats', { method: 'POST', body: { name: 'nightly backup', expected_interval: 86_400 } });
    expect(created.status).toBe(201);
    const heartbeat = created.json as Record<string, string>;
    expect(heartbeat).toMatchObject({ name: 'nightly backup', expected_interval: 86_400 });
    expect(heartbeat.slug).toMatch(/^[A-Za-z0-9_-]{27,}$/); // ≥ 160 bits in base64url
    expect(heartbeat.ping_url).toBe(`${service.origin}/ping/${heartbeat.slug}`);
    expect(heartbeat).not.toHaveProperty('last_ping');
  });

  it('fills in defaults when the optional fields are absent', async () => {
    const created = await service.api('/heartbeats', { method: 'POST', body: {} });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: 'Heartbeat', expected_interval: 3600 });
  });

  it('records GET, POST and HEAD pings without a token, setting last_ping', async () => {
    const { json } = await service.api('/heartbeats', { method: 'POST', body: { name: 'cron', expected_interval: 60 } });
    const heartbeat = json as { id: string; ping_url: string };
    for (const method of ['GET', 'POST', 'HEAD']) {
      const before = Date.now();
      const init: RequestInit = { method };
      if (method === 'POST') init.body = 'any body, any type';
      const ping = await fetch(heartbeat.ping_url, init);
      expect(ping.status, method).toBe(200);
      expect(await ping.text()).toBe(method === 'HEAD' ? '' : 'OK\n');
      const read = (await service.api(`/heartbeats/${heartbeat.id}`)).json as { last_ping: string };
      expect(Date.parse(read.last_ping)).toBeGreaterThanOrEqual(before - 1000);
    }
  });

  it('answers 404 for an unknown slug', async () => {
    const ping = await fetch(`${service.origin}/ping/not-a-real-slug`);
    expect(ping.status).toBe(404);
    expect(await ping.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('lists, reads, deletes', async () => {
    const { json } = await service.api('/heartbeats', { method: 'POST', body: { name: 'listed' } });
    const id = (json as { id: string }).id;
    expect(((await service.api('/heartbeats')).json as { id: string }[]).map((h) => h.id)).toContain(id);
    expect((await service.api(`/heartbeats/${id}`)).status).toBe(200);
    const deleted = await service.api(`/heartbeats/${id}`, { method: 'DELETE' });
    expect([deleted.status, deleted.text]).toEqual([204, '']);
    expect((await service.api(`/heartbeats/${id}`)).status).toBe(404);
  });

  it.each([[{ expected_interval: 5 }], [{ expected_interval: 'hourly' }], [{ name: '' }], [{ name: 42 }], [[]]])('refuses %j', async (body) => {
    const response = await service.api('/heartbeats', { method: 'POST', body });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: { code: 'validation_failed' } });
  });
});

describe('domains', () => {
  it('creates a domain in its normalised ASCII form, with expiry fields absent until looked up', async () => {
    const created = await service.api('/domains', { method: 'POST', body: { domain: 'Bücher.Example.' } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ domain: 'xn--bcher-kva.example' });
    expect(created.json).not.toHaveProperty('expires_on');
  });

  it('refuses the same domain twice with 409, naming it as its owner writes it', async () => {
    await service.api('/domains', { method: 'POST', body: { domain: 'twice.example' } });
    const again = await service.api('/domains', { method: 'POST', body: { domain: 'TWICE.example' } });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ error: { code: 'conflict', message: 'twice.example is already watched.' } });
    // A name of its own: the test above creates bücher.example, whichever runs first.
    await service.api('/domains', { method: 'POST', body: { domain: 'münchen.example' } });
    const pasted = await service.api('/domains', { method: 'POST', body: { domain: 'https://xn--mnchen-3ya.example/shop' } });
    expect(pasted.json).toMatchObject({ error: { code: 'conflict', message: 'münchen.example is already watched.' } });
  });

  it('says why the latest lookup failed, and when it ended', async () => {
    // The harness's registry list is on a port where nothing listens.
    const { json } = await service.api('/domains', { method: 'POST', body: { domain: 'unlooked.example' } });
    const id = (json as { id: string }).id;
    let domain: Record<string, unknown> = {};
    for (let tries = 0; domain.last_error === undefined && tries < 100; tries++) {
      domain = (await service.api(`/domains/${id}`)).json as Record<string, unknown>;
      if (domain.last_error === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(domain).toMatchObject({ last_error: expect.stringMatching(/^could not load the list of registries: could not reach 127\.0\.0\.1:9 \(.+\)$/), last_checked_at: expect.stringMatching(/Z$/) });
    expect(domain).not.toHaveProperty('expires_on');
  });

  it('lists, reads, deletes', async () => {
    const { json } = await service.api('/domains', { method: 'POST', body: { domain: 'listed.example' } });
    const id = (json as { id: string }).id;
    expect(((await service.api('/domains')).json as { id: string }[]).map((d) => d.id)).toContain(id);
    expect((await service.api(`/domains/${id}`)).json).toMatchObject({ domain: 'listed.example' });
    expect((await service.api(`/domains/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await service.api(`/domains/${id}`)).status).toBe(404);
  });

  it.each([[{ domain: 'localhost' }], [{ domain: '192.0.2.1' }], [{ domain: 'bad_label.example' }], [{}], [{ domain: 7 }]])('refuses %j', async (body) => {
    const response = await service.api('/domains', { method: 'POST', body });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: { code: 'validation_failed', details: [{ field: 'domain' }] } });
  });
});

describe('notification handlers', () => {
  it.each([
    ['email', 'ops@example.com'],
    ['webhook', 'https://hooks.example.com/vigil'],
  ])('creates a %s handler', async (type, destination) => {
    const created = await service.api('/notifications', { method: 'POST', body: { name: `${type} handler`, type, destination } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: `${type} handler`, type, destination });
    const id = (created.json as { id: string }).id;
    expect((await service.api(`/notifications/${id}`)).json).toEqual(created.json);
    expect(((await service.api('/notifications')).json as { id: string }[]).map((h) => h.id)).toContain(id);
    expect((await service.api(`/notifications/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await service.api(`/notifications/${id}`)).status).toBe(404);
  });

  it.each([
    [{ name: 'x', type: 'sms', destination: '+15555550100' }, 'type'],
    [{ name: 'x', type: 'email', destination: 'not an address' }, 'destination'],
    [{ name: 'x', type: 'webhook', destination: 'javascript:alert(1)' }, 'destination'],
    [{ type: 'email', destination: 'a@example.com' }, 'name'],
  ])('refuses %j naming %s', async (body, field) => {
    const response = await service.api('/notifications', { method: 'POST', body });
    expect(response.status).toBe(400);
    expect((response.json as { error: { details: { field: string }[] } }).error.details.map((d) => d.field)).toContain(field);
  });
});
