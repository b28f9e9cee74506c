// Create and edit a monitor in one form: name, type, target and frequency, checked per type as the user types
// (after the first try to save), with the server's own field errors shown at the field. What is typed is kept
// as a draft until it is saved, whatever happens to the dialog. A new monitor goes to the server chosen in the
// form (asked when there is more than one); an edited one stays on its own. Where that server offers the `checks`
// extension, the request, expectations, re-check and certificate follow in sections of their own; what a person
// writes about it (its annotation fields) closes the form, whatever the server.
import { CHECKS_EXTENSION, checkInput, INPUT_LIMITS, isMonitorType, MONITOR_EDITABLE_FIELDS, MONITOR_TYPES, monitorCreateInput, monitorTypeOf, type MonitorCreateBody } from '../../../common/api/index.ts';
import { monitorKey, serverItemKey } from '../../../common/ipc/item-key.ts';
import type { Monitor } from '../../../common/ipc/views.ts';
import { fieldErrorsOf, type FieldErrors } from '../../api/call-error.ts';
import { vigil } from '../../api/vigil-api.ts';
import { AnnotationFields, annotationDraftOf, annotationEdits, annotationErrors, annotationsToCreate, withAnnotationEdits, type AnnotationDraft } from '../../components/annotation-fields.tsx';
import { DialogForm } from '../../components/dialog-form.tsx';
import { DurationField, draftSeconds, durationDraft, durationErrors, type DurationDraft } from '../../components/duration-field.tsx';
import { SelectField } from '../../components/fields.tsx';
import { AddressField, NameField, type AddressWords } from '../../components/item-fields.tsx';
import { ServerField } from '../../components/server-field.tsx';
import { useFormDraft } from '../../state/drafts-store.ts';
import { useServerOffers } from '../../state/server-capabilities.ts';
import { useFormCheck } from '../../state/form-check.ts';
import { showInfo } from '../../state/notices-store.ts';
import { useMonitors } from '../../state/resources.ts';
import { serverChoiceErrors, useServerChoice } from '../../state/server-choice.ts';
import { checkDraftOf, checkFieldOf, checkFieldsOf, checkProblems, type CheckDraft } from './check-draft.ts';
import { CheckSections } from './check-sections.tsx';
import { monitorTypeLabels } from './monitor-list.ts';

interface MonitorDraft {
  name: string;
  type: string;
  url: string;
  frequency: DurationDraft;
  /** The check extension's fields, used only where the server offers them. */
  check: CheckDraft;
  /** Its annotation fields' text, by key. */
  annotations: AnnotationDraft;
  /** The monitor as it was when editing began (see `versionOf`); empty for a new one. */
  from: string;
}

const targetFields: Record<string, AddressWords> = {
  http: { label: 'URL', hint: 'An http:// or https:// address; up when it answers with a status below 400.', placeholder: 'https://example.com/health' },
  tcp: { label: 'Host and port', hint: 'Up when a TCP connection opens.', placeholder: 'db.example.com:5432' },
  udp: { label: 'Host and port', hint: 'Up when anything answers a small UDP probe.', placeholder: 'dns.example.com:53' },
  ping: { label: 'Host', hint: 'A host name or IP address; up when it answers ping.', placeholder: 'router.example.com' },
  dns: { label: 'Host name', hint: 'The name to look up, like example.com or _dmarc.example.com.', placeholder: 'example.com' },
};
const otherTarget: AddressWords = { label: 'Target', hint: 'What the server checks for this type.', placeholder: '' };
/** New monitors are of the types this form has fields for: a dns monitor needs its lookup, which the form asks
 * only where the server offers the checks extension. */
function creatableTypes(withChecks: boolean): string[] {
  return MONITOR_TYPES.filter((type) => Object.hasOwn(targetFields, type) && (type !== 'dns' || withChecks));
}

function draftOf(monitor: Monitor | undefined): MonitorDraft {
  return {
    name: monitor?.name ?? '',
    type: monitor?.type ?? 'http',
    url: monitor?.url ?? '',
    frequency: durationDraft(monitor?.frequency ?? 60),
    check: checkDraftOf(monitor),
    annotations: annotationDraftOf('monitor', monitor),
    from: versionOf(monitor),
  };
}

/** The editable fields as the server has them: an edit begun on another version is stale. */
function versionOf(monitor: Monitor | undefined): string {
  if (monitor === undefined) return '';
  return JSON.stringify(MONITOR_EDITABLE_FIELDS.map((field) => monitor[field]));
}

function bodyOf(draft: MonitorDraft) {
  return { name: draft.name.trim(), type: draft.type, url: draft.url.trim(), frequency: draftSeconds(draft.frequency) };
}

/** The form's own check; a type this Vigil does not know is left to the server, except for its check fields. */
function localErrors(draft: MonitorDraft, withChecks: boolean, editing: boolean): FieldErrors {
  const body = bodyOf(draft);
  const checks = withChecks ? fieldErrorsOf(checkProblems(draft.check, body.type, editing)) : {};
  if (monitorTypeOf(body) === 'unknown') return checks;
  const checked = checkInput(monitorCreateInput, body);
  // The lookup: judged by checkProblems where the form has it (a server with checks); otherwise an existing dns
  // monitor is only renamed or re-timed here, and the server keeps the lookup a PUT leaves out.
  return { ...checks, ...(checked.ok ? {} : fieldErrorsOf(checked.details.filter((detail) => detail.field !== 'dns'))), ...durationErrors({ frequency: draft.frequency }), ...annotationErrors('monitor', draft.annotations) };
}

/** The server names a status entry or a warning day; the form shows the list's field. */
function serverFieldsOf(fields: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(fields).map(([field, message]) => [checkFieldOf(field), message]));
}

export interface MonitorFormProps {
  /** The monitor to edit and its server; undefined to create one. */
  editing?: { monitor: Monitor; connectionId: string } | undefined;
  onClose(): void;
}

export function MonitorForm({ editing, onClose }: MonitorFormProps) {
  const monitor = editing?.monitor;
  const formId = editing === undefined ? 'monitor:new' : `monitor:edit:${serverItemKey(editing.connectionId, monitorKey(editing.monitor))}`;
  const form = useFormDraft(formId, () => draftOf(monitor));
  const server = useServerChoice();
  // An edit draft left from an older version of the monitor is dropped: saving it would undo the newer change.
  const draft = form.draft.from === versionOf(monitor) ? form.draft : draftOf(monitor);
  const withChecks = useServerOffers(editing?.connectionId ?? server.chosen?.id, CHECKS_EXTENSION);
  const check = useFormCheck({ ...localErrors(draft, withChecks, editing !== undefined), ...(editing === undefined ? serverChoiceErrors(server) : {}) }, serverFieldsOf);
  const { errors } = check;
  const creatable = creatableTypes(withChecks);
  const types = [...creatable, ...(monitor !== undefined && !creatable.includes(draft.type) ? [draft.type] : [])];
  const frequency = INPUT_LIMITS.frequencySeconds;

  function change(patch: Partial<MonitorDraft>) {
    form.setDraft({ ...draft, ...patch });
    check.forget(...Object.keys(patch));
  }

  function changeCheck(patch: Partial<CheckDraft>, fields: string[]) {
    form.setDraft({ ...draft, check: { ...draft.check, ...patch } });
    check.forget(...fields);
  }

  function changeAnnotation(key: string, text: string) {
    form.setDraft({ ...draft, annotations: { ...draft.annotations, [key]: text } });
    check.forget(key);
  }

  /** The check fields to send: all that are set for a new monitor, the changed ones for an edit. */
  function checkFields(body: ReturnType<typeof bodyOf>): Partial<MonitorCreateBody> {
    if (!withChecks) return {};
    // Of the body's types as sent: the contract checks them again with the service's rules (monitorCreateInput).
    const before = monitor === undefined ? undefined : { draft: checkDraftOf(monitor), type: monitor.type ?? '' };
    return checkFieldsOf(draft.check, body.type, before) as Partial<MonitorCreateBody>;
  }

  async function save() {
    const body = bodyOf(draft);
    const { type } = body;
    // New monitors are of a type the form offers (the contract creates only known types).
    const connectionId = server.chosen?.id;
    if (editing === undefined && isMonitorType(type) && connectionId !== undefined) {
      const annotations = annotationsToCreate('monitor', draft.annotations);
      await form.save(() => useMonitors.getState().add(connectionId, { ...body, ...annotations, last_status: 'unknown' }, () => vigil().createMonitor(connectionId, { ...body, ...checkFields(body), ...annotations, type })));
      showInfo(`Monitor ${body.name} created.`);
    } else if (editing !== undefined) {
      const { monitor: edited, connectionId: on } = editing;
      const id = edited.id;
      if (id === undefined) throw new Error('This monitor has no id on the server, so it cannot be edited here.');
      // Only the annotations that changed, a cleared one as null: the core clears it.
      const annotations = annotationEdits('monitor', draft.annotations, annotationDraftOf('monitor', edited));
      const shown = withAnnotationEdits({ ...edited, ...body }, annotations);
      await form.save(() => useMonitors.getState().update(on, serverItemKey(on, monitorKey(edited)), shown, () => vigil().updateMonitor(on, id, { ...body, ...checkFields(body), ...annotations })));
      showInfo(`Monitor ${body.name} saved.`);
    }
    onClose();
  }

  return (
    <DialogForm
      title={monitor === undefined ? 'New monitor' : `Edit ${monitor.name ?? 'monitor'}`}
      draft={form}
      check={check}
      save={save}
      submitLabel={monitor === undefined ? 'Create monitor' : 'Save changes'}
      savingLabel="Saving…"
      onClose={onClose}
    >
      {editing === undefined && <ServerField choice={server} error={errors['server']} hint="It checks the monitor and keeps its history." onChange={() => check.forget('server')} />}
      <NameField value={draft.name} error={errors['name']} onChange={(name) => change({ name })} />
      <SelectField
        label="Type"
        value={draft.type}
        error={errors['type']}
        options={types.map((type) => ({ value: type, label: monitorTypeLabels[type] ?? type }))}
        onChange={(event) => change({ type: event.target.value })}
      />
      <AddressField words={targetFields[draft.type] ?? otherTarget} value={draft.url} error={errors['url']} onChange={(url) => change({ url })} />
      <DurationField
        label="Check every"
        value={draft.frequency}
        error={errors['frequency']}
        hint={`From ${frequency.min} seconds to 1 day.`}
        units={['seconds', 'minutes', 'hours']}
        onChange={(value) => change({ frequency: value })}
      />
      {withChecks && <CheckSections draft={draft.check} type={draft.type} url={draft.url} errors={errors} onChange={changeCheck} />}
      <AnnotationFields kind="monitor" connectionId={editing?.connectionId ?? server.chosen?.id} draft={draft.annotations} errors={errors} onChange={changeAnnotation} />
    </DialogForm>
  );
}
