// Builds the body of PUT /monitors/{id}: the full Monitor the spec asks for, from a fetched monitor
// plus the user's edits. Only edited values are checked against Vigil's rules; values the user did not
// touch go back exactly as the server sent them, so a remote server's own types ("smtp") and bounds
// (a 5-second frequency) survive a rename. Unknown fields the server sent are not kept: the parsed
// Monitor has only the spec's fields, and those are what the spec's PUT body consists of. The check extension
// fields (§16), `dns` among them, go only when edited: Vigil's service keeps a stored value the PUT leaves out, and a
// server without the extension never sees them.

import { z } from 'zod';
import { INPUT_LIMITS } from './input-limits.ts';
import { monitorTargetRule, plainTextRule } from './input-rules.ts';
import { isMonitorType } from './known.ts';
import { monitorFields, type Monitor } from './monitor.ts';
import { dnsCheckProblems, httpCheckProblems, type HttpMethod, type MonitorExpect } from './monitor-check-input.ts';
import { editShape, fieldsWhere, type EditableKey, type ExtensionKey, type InputKey } from './resource-fields.ts';
import { validationDetails, type ValidationDetail } from './validation-details.ts';

type MonitorFields = typeof monitorFields;
/** The spec's editable fields, which the full Monitor of a PUT must hold. */
type SpecKey = Exclude<EditableKey<MonitorFields>, ExtensionKey<MonitorFields>>;
/** The extensions' editable fields, sent only when edited. */
type ExtensionEditKey = EditableKey<MonitorFields> & ExtensionKey<MonitorFields>;
/** The spec's fields a server reports, which the full Monitor echoes. */
type EchoedKey = Exclude<keyof MonitorFields, InputKey<MonitorFields> | ExtensionKey<MonitorFields>>;

/** Every field a person may change after creation: the spec's, then the extensions'. */
export const MONITOR_EDITABLE_FIELDS = fieldsWhere<EditableKey<MonitorFields>>(monitorFields, (spec) => spec.editable === true);
const SPEC_FIELDS = fieldsWhere<SpecKey>(monitorFields, (spec) => spec.editable === true && spec.extension === undefined);
const EXTENSION_FIELDS = fieldsWhere<ExtensionEditKey>(monitorFields, (spec) => spec.editable === true && spec.extension !== undefined);
const ECHOED_FIELDS = fieldsWhere<EchoedKey>(monitorFields, (spec) => spec.input === undefined && spec.extension === undefined);

const monitorEditsInput = z.object(editShape(monitorFields)).partial();

/** What a person changed. `null` puts an extension field back to its default; a masked header value sent back keeps
 * the stored secret. */
export type MonitorEdits = z.output<typeof monitorEditsInput>;
type ExtensionEdits = Pick<MonitorEdits, ExtensionEditKey>;

export type MonitorPutBody = { [Key in SpecKey]: NonNullable<Monitor[Key]> } & Pick<Monitor, EchoedKey> & ExtensionEdits;

export type MonitorPutBodyResult = { ok: true; body: MonitorPutBody } | { ok: false; details: ValidationDetail[] };

export function buildMonitorPutBody(fetched: Monitor, edits: MonitorEdits): MonitorPutBodyResult {
  const checked = monitorEditsInput.safeParse(edits);
  if (!checked.success) return { ok: false, details: validationDetails(checked.error) };
  const edited = checked.data;
  const spec: Partial<Pick<Monitor, SpecKey>> = {};
  for (const key of SPEC_FIELDS) Object.assign(spec, { [key]: edited[key] ?? fetched[key] });
  // The server did not send the field (or sent it unusable) and the user has not filled it in.
  const missing = SPEC_FIELDS.filter((key) => spec[key] === undefined);
  if (missing.length > 0) return { ok: false, details: missing.map((field) => ({ field, message: 'is required' })) };
  const { url, type } = spec as MonitorPutBody;
  if (edited.url !== undefined || edited.type !== undefined) {
    // A type this code does not know gets the plain text rule: its url format is the server's business.
    const rule = isMonitorType(type) ? monitorTargetRule(type) : plainTextRule(INPUT_LIMITS.urlMaxLength);
    const message = rule(url);
    if (message !== undefined) return { ok: false, details: [{ field: 'url', message }] };
  }
  const checkEdits: ExtensionEdits = {};
  for (const key of EXTENSION_FIELDS) if (edited[key] !== undefined) Object.assign(checkEdits, { [key]: edited[key] });
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
    body: { ...echoed(fetched), ...(spec as Pick<MonitorPutBody, SpecKey>), ...checkEdits },
  };
}

function echoed(fetched: Monitor): Pick<Monitor, EchoedKey> {
  const kept: Pick<Monitor, EchoedKey> = {};
  for (const key of ECHOED_FIELDS) Object.assign(kept, { [key]: fetched[key] });
  return kept;
}
