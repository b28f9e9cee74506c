// The field tables of common/api/: each resource's reader reads every field of its table from that field's own key, and
// the schemas, the PUT's editable fields and the configuration file's entry follow from the table.
import { describe, expect, it } from 'vitest';
import {
  domainFields,
  exportedMonitor,
  heartbeatFields,
  monitorCreateInput,
  monitorFields,
  monitorUpdateInput,
  notificationHandlerFields,
  readDomain,
  readHeartbeat,
  readMonitor,
  readNotificationHandler,
  type ReadContext,
} from '../../common/api/index.ts';
import type { JsonObject } from '../../common/api/json.ts';
import { fieldsWhere, type FieldTable } from '../../common/api/resource-fields.ts';

const at = '2026-11-21T15:52:00.000Z';
/** Every field of every table with a value its reader keeps, each one different, so a field read from another's key shows. */
const fullItems = {
  monitor: {
    id: 'mon_1', name: 'Site', url: 'https://example.com', type: 'http', frequency: 60, last_status: 'up', created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-02T00:00:00.000Z', status_since: '2026-11-03T00:00:00.000Z', method: 'POST', headers: { 'X-Token': 'a' }, secret_headers: ['X-Token'],
    body: '{}', expect: { status: [200] }, tls: { expiry_days: [9], ignore_errors: true }, retry_seconds: 30, dns: { record: 'A', expect: '192.0.2.1', resolver: '192.0.2.53' },
    last_checked_at: '2026-11-04T00:00:00.000Z', last_response_time_ms: 48, last_error: 'refused', certificate_expires_on: '2026-12-01T00:00:00.000Z', certificate_warning: 'self-signed',
    notes: 'Call Ana',
  },
  heartbeat: {
    id: 'hb_1', name: 'Backup', slug: 'backup', expected_interval: 3600, last_ping: '2026-11-01T00:00:00.000Z', ping_url: 'https://vigil.example/ping/abc', created_at: '2026-11-02T00:00:00.000Z',
    schedule: '0 3 * * *', timezone: 'Europe/Berlin', grace_seconds: 300, max_runtime_seconds: 900, next_expected_at: '2026-11-03T00:00:00.000Z', last_start: '2026-11-04T00:00:00.000Z',
    last_end: '2026-11-05T00:00:00.000Z', last_duration_ms: 1200, last_exit_code: 2, last_outcome: 'failed',
    notes: 'Check the disk',
  },
  domain: { id: 'dom_1', domain: 'example.com', expires_on: '2027-01-01', days_until_expiry: 34, registrar: 'Example Registrar', created_at: '2026-11-01T00:00:00.000Z', last_checked_at: at, last_error: 'no answer', notes: 'Renewed by finance' },
  handler: { id: 'nh_1', name: 'Team', type: 'webhook', destination: 'https://hooks.example/x' },
};

const cases: [string, FieldTable, (object: JsonObject, context: ReadContext) => object, JsonObject][] = [
  ['monitor', monitorFields, readMonitor, fullItems.monitor],
  ['heartbeat', heartbeatFields, readHeartbeat, fullItems.heartbeat],
  ['domain', domainFields, readDomain, fullItems.domain],
  ['notification handler', notificationHandlerFields, readNotificationHandler, fullItems.handler],
];

describe.each(cases)('the %s table', (_name, table, reader, full) => {
  it('has a fixture value for every field, which its reader keeps', () => {
    expect(Object.keys(full).sort()).toEqual(Object.keys(table).sort());
    const context: ReadContext = { at: [], issues: [] };
    for (const [key, spec] of Object.entries(table)) expect(spec.read(full, key, context), key).toEqual(full[key]);
    expect(context.issues).toEqual([]);
  });

  it("is read by the resource's reader, every field from its own key, in the table's order", () => {
    const context: ReadContext = { at: [], issues: [] };
    const item = reader(full, context);
    expect(Object.keys(item)).toEqual(Object.keys(table));
    expect(item).toEqual(full);
  });
});

describe('what follows from the monitor table', () => {
  it('edits exactly the fields marked editable, the spec four first', () => {
    expect(fieldsWhere(monitorFields, (spec) => spec.editable === true)).toEqual(['name', 'url', 'type', 'frequency', 'method', 'headers', 'secret_headers', 'body', 'expect', 'tls', 'retry_seconds', 'dns', 'notes']);
  });

  it('requires the spec fields on create and refuses null for an extension field there, while a PUT takes null to reset it', () => {
    const base = { name: 'Site', url: 'https://example.com', type: 'http', frequency: 60 };
    expect(monitorCreateInput.safeParse({ ...base, retry_seconds: null }).success).toBe(false);
    expect(monitorUpdateInput.safeParse({ ...base, retry_seconds: null }).success).toBe(true);
    expect(monitorUpdateInput.safeParse({ ...base, name: null }).success).toBe(false);
  });

  it('exports the fields a person chose, leaving out defaults and what the server reports', () => {
    const context: ReadContext = { at: [], issues: [] };
    const monitor = readMonitor({ ...fullItems.monitor, method: 'GET', retry_seconds: 20, expect: { status: ['2xx', '3xx'] } }, context);
    expect(exportedMonitor(monitor)).toEqual({
      name: 'Site', url: 'https://example.com', type: 'http', frequency: 60, headers: { 'X-Token': 'a' }, secret_headers: ['X-Token'], body: '{}',
      tls: { expiry_days: [9], ignore_errors: true }, dns: { record: 'A', expect: '192.0.2.1', resolver: '192.0.2.53' }, notes: 'Call Ana',
    });
    expect(exportedMonitor({ ...monitor, notes: ' \n' })).not.toHaveProperty('notes');
  });
});
