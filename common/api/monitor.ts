// The uptime monitor as a response carries it (spec §2.1), plus the `status_since` Vigil's own service adds
// (docs/api-decisions.md): every field optional.

import { readDateTime, readId, readPositiveInteger, readText, type ItemReader } from './fields.ts';
import type { KnownOr, MonitorStatus, MonitorType } from './known.ts';

export type Monitor = {
  id?: string | undefined;
  name?: string | undefined;
  /** Raw value; classify with `monitorTypeOf`. */
  type?: KnownOr<MonitorType> | undefined;
  url?: string | undefined;
  /** Seconds between checks. */
  frequency?: number | undefined;
  /** Raw value; classify with `monitorStatusOf`. */
  last_status?: KnownOr<MonitorStatus> | undefined;
  created_at?: string | undefined;
  updated_at?: string | undefined;
  /** Extension sent by Vigil's service: when `last_status` last changed. */
  status_since?: string | undefined;
};

// Every key is always written (undefined when absent) so all items share one object shape, which
// keeps property access fast when the client walks 10,000 of them.
export const readMonitor: ItemReader<Monitor> = (object, context) => ({
  id: readId(object, 'id', context),
  name: readText(object, 'name', context),
  type: readText(object, 'type', context),
  url: readText(object, 'url', context),
  frequency: readPositiveInteger(object, 'frequency', context),
  last_status: readText(object, 'last_status', context),
  created_at: readDateTime(object, 'created_at', context),
  updated_at: readDateTime(object, 'updated_at', context),
  status_since: readDateTime(object, 'status_since', context),
});
