// The `notes` extension over the real API (docs/api-decisions.md §19): a person's free text on monitors, heartbeats
// and domains, stored, answered, edited (PUT for monitors, PATCH for the others), cleared, and bounded.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { monitorFields } from '../../../common/api/monitor.ts';
import { NOTES_LENGTH } from '../../../common/api/notes.ts';
import { startTestService, type ApiResponse, type TestService } from '../../helpers/service-harness.ts';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

const RUNBOOK = 'Backs up the billing database. If it fails: restart pg-dump on db-2, see https://wiki.example/runbooks/billing';
const tooLong = 'x'.repeat(NOTES_LENGTH + 1);
let domains = 0;

interface Kind {
  name: string;
  collection: string;
  create(fields: Record<string, unknown>): Promise<ApiResponse>;
  /** An edit of only these fields, as a client that knows the extension sends it. */
  edit(item: Record<string, unknown>, fields: Record<string, unknown>): Promise<ApiResponse>;
}

const monitorBody = { name: 'Billing API', type: 'http', url: 'http://127.0.0.1:9/health', frequency: 60 };

const monitors: Kind = {
  name: 'monitors',
  collection: '/monitors',
  create: (fields) => service.api('/monitors', { method: 'POST', body: { ...monitorBody, ...fields } }),
  // PUT takes the full Monitor; the spec's fields are sent as they are.
  edit: (item, fields) => service.api(`/monitors/${String(item.id)}`, { method: 'PUT', body: { name: item.name, type: item.type, url: item.url, frequency: item.frequency, ...fields } }),
};

const kinds: Kind[] = [
  monitors,
  {
    name: 'heartbeats',
    collection: '/heartbeats',
    create: (fields) => service.api('/heartbeats', { method: 'POST', body: { name: 'nightly backup', expected_interval: 86_400, ...fields } }),
    edit: (item, fields) => service.api(`/heartbeats/${String(item.id)}`, { method: 'PATCH', body: fields }),
  },
  {
    name: 'domains',
    collection: '/domains',
    create: (fields) => service.api('/domains', { method: 'POST', body: { domain: `notes-${++domains}.example`, ...fields } }),
    edit: (item, fields) => service.api(`/domains/${String(item.id)}`, { method: 'PATCH', body: fields }),
  },
];

async function read(kind: Kind, id: unknown): Promise<Record<string, unknown>> {
  const response = await service.api(`${kind.collection}/${String(id)}`);
  expect(response.status).toBe(200);
  return response.json as Record<string, unknown>;
}

/** A new item as it stays: a domain once its first lookup (which fails here: no registry) has ended. */
async function createdAndSettled(kind: Kind, fields: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { id } = (await kind.create(fields)).json as { id: string };
  if (kind.name !== 'domains') return read(kind, id);
  return vi.waitFor(async () => {
    const item = await read(kind, id);
    expect(item).toHaveProperty('last_checked_at');
    return item;
  });
}

it('is listed under GET /capabilities', async () => {
  expect(((await service.api('/capabilities')).json as { extensions: string[] }).extensions).toContain('notes');
});

describe.each(kinds)('on $name', (kind) => {
  it('is stored on create and answered by GET and the list', async () => {
    const created = await kind.create({ notes: RUNBOOK });
    expect(created.status).toBe(201);
    const item = created.json as Record<string, unknown>;
    expect(item.notes).toBe(RUNBOOK);
    expect((await read(kind, item.id)).notes).toBe(RUNBOOK);
    const listed = ((await service.api(kind.collection)).json as Record<string, unknown>[]).find((entry) => entry.id === item.id);
    expect(listed?.notes).toBe(RUNBOOK);
  });

  it('is absent when none was given, and a blank one is none', async () => {
    const without = (await kind.create({})).json as Record<string, unknown>;
    expect(without).not.toHaveProperty('notes');
    const blank = await kind.create({ notes: ' \n\t ' });
    expect(blank.status).toBe(201);
    expect(blank.json).not.toHaveProperty('notes');
    expect(await read(kind, (blank.json as { id: string }).id)).not.toHaveProperty('notes');
  });

  it('is changed by an edit, kept when the edit leaves it out, and cleared by null or a blank one', async () => {
    const item = (await kind.create({ notes: 'first' })).json as Record<string, unknown>;
    const changed = await kind.edit(item, { notes: RUNBOOK });
    expect(changed.status).toBe(200);
    expect((changed.json as Record<string, unknown>).notes).toBe(RUNBOOK);
    expect((await read(kind, item.id)).notes).toBe(RUNBOOK);

    const leftOut = await kind.edit(item, {});
    expect(leftOut.status).toBe(200);
    expect((await read(kind, item.id)).notes).toBe(RUNBOOK);

    const cleared = await kind.edit(item, { notes: null });
    expect(cleared.status).toBe(200);
    expect(cleared.json).not.toHaveProperty('notes');
    expect(await read(kind, item.id)).not.toHaveProperty('notes');

    await kind.edit(item, { notes: 'again' });
    expect((await kind.edit(item, { notes: '   ' })).json).not.toHaveProperty('notes');
    expect(await read(kind, item.id)).not.toHaveProperty('notes');
  });

  it(`takes ${NOTES_LENGTH.toLocaleString('en-US')} characters (an emoji counting once) and refuses one more, naming notes`, async () => {
    const longest = '🔔'.repeat(NOTES_LENGTH);
    const created = await kind.create({ notes: longest });
    expect(created.status).toBe(201);
    expect((created.json as { notes: string }).notes).toBe(longest);

    const message = 'must be at most 2,000 characters';
    const refused = await kind.create({ notes: tooLong });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({ error: expect.objectContaining({ code: 'validation_failed', details: [{ field: 'notes', message }] }) });
    const edited = await kind.edit(created.json as Record<string, unknown>, { notes: tooLong });
    expect(edited.status).toBe(400);
    expect(edited.json).toEqual({ error: expect.objectContaining({ code: 'validation_failed', details: [{ field: 'notes', message }] }) });
    expect((await read(kind, (created.json as { id: string }).id)).notes).toBe(longest);
  });

  it('refuses a note that is not text', async () => {
    const refused = await kind.create({ notes: 42 });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({ error: expect.objectContaining({ details: [{ field: 'notes', message: 'must be text' }] }) });
  });
});

describe.each(kinds.filter((kind) => kind !== monitors))('PATCH $collection/{id}', (kind) => {
  it('answers 404 for an unknown id', async () => {
    const response = await service.api(`${kind.collection}/no-such-id`, { method: 'PATCH', body: { notes: 'x' } });
    expect(response.status).toBe(404);
    expect(response.json).toMatchObject({ error: { code: 'not_found' } });
  });

  it('refuses a field it cannot change, naming it and those it can, and changes nothing', async () => {
    const item = await createdAndSettled(kind, { notes: 'kept' });
    const response = await service.api(`${kind.collection}/${String(item.id)}`, { method: 'PATCH', body: { notes: 'new', name: 'renamed', created_at: 'x' } });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      error: expect.objectContaining({ code: 'validation_failed', details: [{ field: '', message: 'has fields that cannot be edited: name, created_at (editable: notes)' }] }),
    });
    expect(await read(kind, item.id)).toEqual(item);
  });

  it('refuses a body that is not an object', async () => {
    const item = (await kind.create({})).json as Record<string, unknown>;
    const response = await service.api(`${kind.collection}/${String(item.id)}`, { method: 'PATCH', body: ['notes'] });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: expect.objectContaining({ details: [{ field: '', message: 'the request body must be a JSON object' }] }) });
  });

  it('answers the item as GET does, every other field as it was', async () => {
    const item = await createdAndSettled(kind, {});
    const edited = await service.api(`${kind.collection}/${String(item.id)}`, { method: 'PATCH', body: { notes: RUNBOOK } });
    expect(edited.json).toEqual({ ...(await read(kind, item.id)), notes: RUNBOOK });
    expect(edited.json).toEqual({ ...item, notes: RUNBOOK });
  });
});

it("keeps a monitor's notes through a PUT from a client that knows only the spec, and answers only the table's fields", async () => {
  const created = (await monitors.create({ notes: RUNBOOK, headers: { Authorization: 'Bearer abc' } })).json as Record<string, unknown>;
  const specOnly = await service.api(`/monitors/${String(created.id)}`, { method: 'PUT', body: { ...monitorBody, name: 'Renamed' } });
  expect(specOnly.json).toMatchObject({ name: 'Renamed', notes: RUNBOOK, headers: { Authorization: 'Bearer ••••••••' } });
  for (const key of Object.keys(specOnly.json as object)) expect(Object.keys(monitorFields)).toContain(key);
});
