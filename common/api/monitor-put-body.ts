// Builds the body of PUT /monitors/{id}: the full Monitor the spec asks for, from a fetched monitor
// plus the user's edits. Only edited values are checked against Vigil's rules; values the user did not
// touch go back exactly as the server sent them, so a remote server's own types ("smtp") and bounds
// (a 5-second frequency) survive a rename. Unknown fields the server sent are not kept: the parsed
// Monitor has only the spec's fields, and those are what the spec's PUT body consists of. The check extension
// fields (§16), `dns` among them, go only when edited: Vigil's service keeps a stored value the PUT leaves out, and a
// server without the extension never sees them.

import { z } from 'zod';
import type { DnsCheckSpec } from './dns-check-input.ts';
import { INPUT_LIMITS } from './input-limits.ts';
import { monitorTargetRule, plainTextRule } from './input-rules.ts';
import { isMonitorType, type KnownOr, type MonitorStatus, type MonitorType } from './known.ts';
import type { Monitor } from './monitor.ts';
import { dnsCheckProblems, httpCheckProblems, monitorCheckFieldInputs, type HttpMethod, type MonitorExpect } from './monitor-check-input.ts';
import { monitorFieldInputs } from './monitor-input.ts';
import type { MonitorTls } from './monitor-tls-input.ts';
import { validationDetails, type ValidationDetail } from './validation-details.ts';

/** `null` puts an extension field back to its default; a masked header value sent back keeps the stored secret. */
export type MonitorEdits = {
  name?: string;
  url?: string;
  type?: MonitorType;
  frequency?: number;
  method?: HttpMethod | null;
  headers?: Record<string, string> | null;
  secret_headers?: string[] | null;
  body?: string | null;
  expect?: MonitorExpect | null;
  tls?: MonitorTls | null;
  retry_seconds?: number | null;
  dns?: DnsCheckSpec | null;
};

type CheckEdits = Pick<MonitorEdits, keyof typeof monitorCheckFieldInputs>;
const CHECK_FIELDS = Object.keys(monitorCheckFieldInputs) as (keyof CheckEdits)[];

export type MonitorPutBody = {
  id?: string | undefined;
  name: string;
  url: string;
  type: KnownOr<MonitorType>;
  frequency: number;
  last_status?: KnownOr<MonitorStatus> | undefined;
  created_at?: string | undefined;
  updated_at?: string | undefined;
} & CheckEdits;

export type MonitorPutBodyResult = { ok: true; body: MonitorPutBody } | { ok: false; details: ValidationDetail[] };

const monitorEditsInput = z.object({ ...monitorFieldInputs, ...monitorCheckFieldInputs }).partial();

export function buildMonitorPutBody(fetched: Monitor, edits: MonitorEdits): MonitorPutBodyResult {
  const checked = monitorEditsInput.safeParse(edits);
  if (!checked.success) return { ok: false, details: validationDetails(checked.error) };
  const edited = checked.data;
  const name = edited.name ?? fetched.name;
  const url = edited.url ?? fetched.url;
  const type = edited.type ?? fetched.type;
  const frequency = edited.frequency ?? fetched.frequency;
  if (name === undefined || url === undefined || type === undefined || frequency === undefined) {
    // The server did not send the field (or sent it unusable) and the user has not filled it in.
    const missing = Object.entries({ name, url, type, frequency }).filter(([, value]) => value === undefined);
    return { ok: false, details: missing.map(([field]) => ({ field, message: 'is required' })) };
  }
  if (edited.url !== undefined || edited.type !== undefined) {
    // A type this code does not know gets the plain text rule: its url format is the server's business.
    const rule = isMonitorType(type) ? monitorTargetRule(type) : plainTextRule(INPUT_LIMITS.urlMaxLength);
    const message = rule(url);
    if (message !== undefined) return { ok: false, details: [{ field: 'url', message }] };
  }
  const checkEdits: CheckEdits = {};
  for (const key of CHECK_FIELDS) if (edited[key] !== undefined) Object.assign(checkEdits, { [key]: edited[key] });
  // Headers as fetched are masked, and the service matches masked values with what it stored: not judged here.
  // Unedited fields of another type are the service's to drop.
  const problems =
    type === 'http'
      ? httpCheckProblems(type, {
          method: checkEdits.method === undefined ? (fetched.method as HttpMethod | undefined) : checkEdits.method,
          body: checkEdits.body === undefined ? fetched.body : checkEdits.body,
          expect: checkEdits.expect === undefined ? (fetched.expect as MonitorExpect | undefined) : checkEdits.expect,
        })
      : httpCheckProblems(type, checkEdits);
  // `dns` is judged when it is edited or the type changes: a remote server's own "dns" monitor may need none.
  if (type !== fetched.type || checkEdits.dns !== undefined) {
    problems.push(...dnsCheckProblems(type, type === 'dns' && checkEdits.dns === undefined ? fetched.dns : checkEdits.dns));
  }
  if (problems.length > 0) return { ok: false, details: problems };
  return {
    ok: true,
    body: {
      id: fetched.id,
      name,
      url,
      type,
      frequency,
      last_status: fetched.last_status,
      created_at: fetched.created_at,
      updated_at: fetched.updated_at,
      ...checkEdits,
    },
  };
}
