import { describe, expect, it } from 'vitest';
import { buildMonitorPutBody, type Monitor } from '../../common/api/index.ts';
import { sentMonitor } from './sent-items.ts';

describe('buildMonitorPutBody', () => {
  it('sends every spec field the server sent, with the edits applied', () => {
    expect(buildMonitorPutBody(sentMonitor, { name: ' Home page ' })).toEqual({
      ok: true,
      body: { ...sentMonitor, name: 'Home page' },
    });
  });

  it('round-trips values outside Vigil’s rules when they are not edited', () => {
    const remote: Monitor = { id: '7', name: 'Mail', type: 'smtp', url: 'example.com 25', frequency: 5, last_status: 'paused' };
    expect(buildMonitorPutBody(remote, { name: 'Resolver 2' })).toEqual({
      ok: true,
      body: { ...remote, name: 'Resolver 2' },
    });
  });

  it('checks edited values against Vigil’s rules', () => {
    expect(buildMonitorPutBody(sentMonitor, { frequency: 5, name: '' })).toEqual({
      ok: false,
      details: [
        { field: 'name', message: 'must not be empty' },
        { field: 'frequency', message: 'must be between 10 seconds and 1 day' },
      ],
    });
  });

  it('checks the kept url against an edited type', () => {
    expect(buildMonitorPutBody(sentMonitor, { type: 'tcp' })).toEqual({
      ok: false,
      details: [
        { field: 'url', message: 'must be host:port, like example.com:443 or [2001:db8::1]:53, with a port from 1 to 65535' },
      ],
    });
    expect(buildMonitorPutBody(sentMonitor, { type: 'tcp', url: 'example.com:443' })).toMatchObject({ ok: true });
  });

  it('checks an edited url of an unknown type only as plain text', () => {
    const remote: Monitor = { ...sentMonitor, type: 'smtp' };
    expect(buildMonitorPutBody(remote, { url: 'example.com 25' })).toMatchObject({ ok: true });
    expect(buildMonitorPutBody(remote, { url: 'a\nb' })).toEqual({
      ok: false,
      details: [{ field: 'url', message: 'must not contain control characters or line breaks' }],
    });
  });

  it('asks for fields the server did not send (or sent unusable) and the user did not fill in', () => {
    expect(buildMonitorPutBody({ id: 'mon_1', name: 'Site' }, { type: 'ping' })).toEqual({
      ok: false,
      details: [
        { field: 'url', message: 'is required' },
        { field: 'frequency', message: 'is required' },
      ],
    });
  });

  it('builds a body without id when the server sent none (the path carries it)', () => {
    const { id: _, ...withoutId } = sentMonitor;
    const result = buildMonitorPutBody(withoutId, {});
    expect(result.ok && result.body.id).toBeUndefined();
  });
});
