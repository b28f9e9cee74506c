// buildMonitorPutBody with the check extension fields (docs/api-decisions.md §16): sent only when edited.
import { describe, expect, it } from 'vitest';
import { buildMonitorPutBody, type Monitor } from '../../common/api/index.ts';

const fetched: Monitor = {
  id: 'mon_1',
  name: 'API',
  type: 'http',
  url: 'https://example.com/health',
  frequency: 60,
  last_status: 'up',
  method: 'POST',
  headers: { Authorization: 'Bearer ••••••••' },
  body: '{}',
  expect: { status: ['2xx'], body_contains: 'ok' },
  retry_seconds: 20,
  last_checked_at: '2026-11-24T15:00:00.000Z',
};

describe('buildMonitorPutBody: check extensions', () => {
  it('leaves unedited extension fields out, so the service keeps them', () => {
    const result = buildMonitorPutBody(fetched, { name: 'API 2' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Object.keys(result.body).sort()).toEqual(['created_at', 'frequency', 'id', 'last_status', 'name', 'type', 'updated_at', 'url']);
  });

  it('sends edited ones, masked header values included, and null to reset', () => {
    const headers = { Authorization: 'Bearer ••••••••', 'X-Trace': 'on' };
    expect(buildMonitorPutBody(fetched, { headers, expect: null, retry_seconds: 30 })).toMatchObject({
      ok: true,
      body: { headers, expect: null, retry_seconds: 30 },
    });
  });

  it('judges edits against what was fetched: a body needs POST, HEAD has no body to expect', () => {
    expect(buildMonitorPutBody(fetched, { method: 'GET' })).toEqual({
      ok: false,
      details: [{ field: 'body', message: 'is sent only with POST: set method to POST, or leave body out' }],
    });
    expect(buildMonitorPutBody(fetched, { method: 'GET', body: null })).toMatchObject({ ok: true });
    expect(buildMonitorPutBody(fetched, { method: 'HEAD', body: null })).toEqual({
      ok: false,
      details: [{ field: 'expect.body_contains', message: 'needs a response body, and an answer to HEAD has none' }],
    });
  });

  it('checks each edited field by the same rules as the service', () => {
    expect(buildMonitorPutBody(fetched, { retry_seconds: 1 })).toEqual({
      ok: false,
      details: [{ field: 'retry_seconds', message: 'must be between 5 seconds and 1 hour' }],
    });
  });

  it('refuses edited http fields on another type, and leaves the fetched ones to the service to drop', () => {
    expect(buildMonitorPutBody(fetched, { type: 'tcp', url: 'example.com:443' })).toMatchObject({ ok: true });
    expect(buildMonitorPutBody(fetched, { type: 'tcp', url: 'example.com:443', method: 'GET' })).toEqual({
      ok: false,
      details: [{ field: 'method', message: 'applies only to http monitors' }],
    });
  });
});
