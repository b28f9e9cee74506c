// The monitor form's part for a server with the `checks` extension (docs/api-decisions.md §16): the request, the
// expectations, the re-check and the certificate, each in a section closed until it is opened (open from the
// start when the monitor uses it, or when an error is in it), and a dns monitor's lookup. Errors arrive under
// the service's names for the fields (`headers.X-Api-Key`, `expect.json.0.path`, `dns.record`).
import { useEffect, useState, type ReactNode } from 'react';
import { DNS_RECORD_TYPES } from '../../../common/api/dns-check-input.ts';
import { DEFAULT_RETRY_SECONDS, HTTP_METHODS, isMaskedValue, isSecretHeader, SECRET_MASK } from '../../../common/api/index.ts';
import type { FieldErrors } from '../../api/call-error.ts';
import { CheckboxField, FieldNotes, SelectField, TextAreaField, TextField, useFieldIds } from '../../components/fields.tsx';
import { editedHeaderValue, usedSections, type CheckDraft, type HeaderRow, type JsonRow } from './check-draft.ts';

export interface CheckSectionsProps {
  draft: CheckDraft;
  type: string;
  url: string;
  errors: FieldErrors;
  /** `fields` are the error names the change makes stale. */
  onChange(patch: Partial<CheckDraft>, fields: string[]): void;
}

const hasErrorIn = (errors: FieldErrors, prefixes: readonly string[]) => Object.keys(errors).some((field) => prefixes.some((prefix) => field === prefix || field.startsWith(`${prefix}.`)));

export function CheckSections({ draft, type, url, errors, onChange }: CheckSectionsProps) {
  // What the monitor used when the form opened; later edits do not close a section under the user's hands.
  const [used] = useState(() => usedSections(draft));
  const http = type === 'http';
  return (
    <>
      {type === 'dns' && <DnsLookup draft={draft} errors={errors} onChange={onChange} />}
      {http && (
        <Disclosure title="Request" summary={requestSummary(draft)} startOpen={used.request} forceOpen={hasErrorIn(errors, ['method', 'headers', 'secret_headers', 'body'])}>
          <RequestFields draft={draft} errors={errors} onChange={onChange} />
        </Disclosure>
      )}
      {http && (
        <Disclosure title="Expectations" summary="By default any 2xx or 3xx answer is up." startOpen={used.expectations} forceOpen={hasErrorIn(errors, ['expect'])}>
          <ExpectationFields draft={draft} errors={errors} onChange={onChange} />
        </Disclosure>
      )}
      <Disclosure title="Re-check after a failure" summary={`After ${draft.retry_seconds.trim() === '' ? DEFAULT_RETRY_SECONDS : draft.retry_seconds.trim()} seconds.`} startOpen={used.retry} forceOpen={hasErrorIn(errors, ['retry_seconds'])}>
        <TextField
          label="Re-check after (seconds)"
          inputMode="numeric"
          value={draft.retry_seconds}
          placeholder={String(DEFAULT_RETRY_SECONDS)}
          error={errors['retry_seconds']}
          hint={`A failed check is checked again this soon, until it is confirmed down or passes. From 5 to 3600; ${DEFAULT_RETRY_SECONDS} when empty; never later than the next regular check.`}
          onChange={(event) => onChange({ retry_seconds: event.target.value }, ['retry_seconds'])}
        />
      </Disclosure>
      {http && (
        <Disclosure title="Certificate" summary={certificateSummary(draft, url)} startOpen={used.certificate} forceOpen={hasErrorIn(errors, ['tls'])}>
          <CertificateFields draft={draft} errors={errors} onChange={onChange} />
        </Disclosure>
      )}
    </>
  );
}

// The check reads the certificate of the final answer, so an http address that redirects to https has one too.
function certificateSummary(draft: CheckDraft, url: string): string {
  if (!/^https:/i.test(url.trim())) return 'Applies when this address redirects to https.';
  return draft.ignoreCertificateErrors ? 'Certificate errors are ignored.' : 'Warnings before the certificate expires.';
}

function requestSummary(draft: CheckDraft): string {
  const headers = draft.headers.filter((row) => row.name.trim() !== '').length;
  return `${draft.method}${headers === 0 ? '' : `, ${headers} header${headers === 1 ? '' : 's'}`}.`;
}

interface DisclosureProps {
  title: string;
  /** What is set, said on the closed section. */
  summary: string;
  startOpen: boolean;
  forceOpen: boolean;
  children: ReactNode;
}

function Disclosure({ title, summary, startOpen, forceOpen, children }: DisclosureProps) {
  const [open, setOpen] = useState(startOpen || forceOpen);
  // An error in a closed section opens it, once: the user may close it again.
  useEffect(() => {
    if (forceOpen) setOpen(true);
  }, [forceOpen]);
  return (
    <details className="form-disclosure" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <span className="form-disclosure-title">{title}</span> <span className="field-hint">{summary}</span>
      </summary>
      <div className="form-disclosure-body">{children}</div>
    </details>
  );
}

type PartProps = Pick<CheckSectionsProps, 'draft' | 'errors' | 'onChange'>;

function RequestFields({ draft, errors, onChange }: PartProps) {
  // A row added by the button takes the focus, for the keyboard; rows there when the form opened do not.
  const [added, setAdded] = useState(false);
  const setRow = (index: number, patch: Partial<HeaderRow>) => {
    const row = draft.headers[index];
    onChange({ headers: draft.headers.map((each, at) => (at === index ? { ...each, ...patch } : each)) }, ['headers', 'secret_headers', ...(row === undefined ? [] : [`headers.${row.name.trim()}`])]);
  };
  return (
    <>
      <SelectField
        label="Method"
        value={draft.method}
        error={errors['method']}
        options={HTTP_METHODS.map((method) => ({ value: method, label: method }))}
        onChange={(event) => onChange({ method: event.target.value }, ['method', 'body', 'expect.body_contains', 'expect.body_not_contains', 'expect.json'])}
      />
      <fieldset className="field">
        <legend>Headers</legend>
        {draft.headers.map((row, index) => (
          <HeaderRowFields key={index} row={row} index={index} focus={added && index === draft.headers.length - 1} error={errors[`headers.${row.name.trim()}`]} onChange={(patch) => setRow(index, patch)} onRemove={() => onChange({ headers: draft.headers.filter((_, at) => at !== index) }, ['headers', `headers.${row.name.trim()}`])} />
        ))}
        <FieldNotes error={errors['headers'] ?? errors['secret_headers']} errorId={undefined} hint={`Secret values are kept by the server and shown as ${SECRET_MASK}: leave one as it is to keep it, or type to replace it.`} />
        <div>
          <button
            type="button"
            className="button button-small"
            onClick={() => {
              setAdded(true);
              onChange({ headers: [...draft.headers, { name: '', value: '', secret: false }] }, ['headers']);
            }}
          >
            Add header
          </button>
        </div>
      </fieldset>
      {draft.method === 'POST' && (
        <TextAreaField label="Body" rows={4} value={draft.body} error={errors['body']} hint="Sent with every check. Without a Content-Type header, JSON is sent as application/json, anything else as plain text." onChange={(event) => onChange({ body: event.target.value }, ['body'])} />
      )}
    </>
  );
}

/** One row of a list the form edits (a header, a JSON value): where it is, its one error, and how it changes. */
interface EditableRowProps<Row> {
  row: Row;
  index: number;
  focus: boolean;
  error: string | undefined;
  onChange(patch: Partial<Row>): void;
  onRemove(): void;
}

function HeaderRowFields({ row, index, focus, error, onChange, onRemove }: EditableRowProps<HeaderRow>) {
  const { errorId, describedBy } = useFieldIds(undefined, error);
  const named = row.name.trim() === '' ? `header ${index + 1}` : row.name.trim();
  const alwaysSecret = row.name.trim() !== '' && isSecretHeader(row.name.trim());
  // The service keeps a stored secret marked until it gets a new value (docs/api-decisions.md §16).
  const masked = isMaskedValue(row.value);
  return (
    <div className="check-row">
      <div className="check-row-inputs">
        <input aria-label={`Name of header ${index + 1}`} autoFocus={focus} placeholder="X-Api-Key" spellCheck={false} autoCapitalize="off" value={row.name} aria-invalid={error === undefined ? undefined : true} aria-describedby={describedBy} onChange={(event) => onChange({ name: event.target.value })} />
        <input
          aria-label={`Value of ${named}`}
          // A masked value shows nothing secret, and its scheme and end tell the reader which secret is stored.
          type={(row.secret || alwaysSecret) && !masked ? 'password' : 'text'}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="off"
          value={row.value}
          aria-invalid={error === undefined ? undefined : true}
          aria-describedby={describedBy}
          onChange={(event) => onChange({ value: editedHeaderValue(row.value, event.target.value) })}
        />
        <label className="check-row-toggle" title={alwaysSecret ? 'Vigil always keeps this header secret' : masked ? 'The stored value stays secret: type a new value to unmark it' : undefined}>
          <input type="checkbox" checked={row.secret || alwaysSecret} disabled={alwaysSecret || masked} onChange={(event) => onChange({ secret: event.target.checked })} />
          Secret
        </label>
        <button type="button" className="button button-small" aria-label={`Remove ${named}`} onClick={onRemove}>
          Remove
        </button>
      </div>
      <FieldNotes error={error} errorId={errorId} />
    </div>
  );
}

function ExpectationFields({ draft, errors, onChange }: PartProps) {
  const [added, setAdded] = useState(false);
  const setRow = (index: number, patch: Partial<JsonRow>) => onChange({ json: draft.json.map((each, at) => (at === index ? { ...each, ...patch } : each)) }, ['expect.json', `expect.json.${index}`, `expect.json.${index}.path`, `expect.json.${index}.equals`]);
  const head = draft.method === 'HEAD' ? ' An answer to HEAD has no body: use GET or POST to check it.' : '';
  return (
    <>
      <TextField label="Status codes" verbatim value={draft.status} placeholder="2xx, 3xx" error={errors['expect.status']} hint="Codes and classes, like 200, 204, 3xx. Empty: any 2xx or 3xx." onChange={(event) => onChange({ status: event.target.value }, ['expect.status'])} />
      <TextField label="Body contains" verbatim value={draft.bodyContains} error={errors['expect.body_contains']} hint={`Case-sensitive, in the first 1 MB.${head}`} onChange={(event) => onChange({ bodyContains: event.target.value }, ['expect.body_contains'])} />
      <TextField label="Body does not contain" verbatim value={draft.bodyNotContains} error={errors['expect.body_not_contains']} onChange={(event) => onChange({ bodyNotContains: event.target.value }, ['expect.body_not_contains'])} />
      <fieldset className="field">
        <legend>JSON values</legend>
        {draft.json.map((row, index) => {
          const error = errors[`expect.json.${index}.path`] ?? errors[`expect.json.${index}.equals`] ?? errors[`expect.json.${index}`];
          return <JsonRowFields key={index} row={row} index={index} focus={added && index === draft.json.length - 1} error={error} onChange={(patch) => setRow(index, patch)} onRemove={() => onChange({ json: draft.json.filter((_, at) => at !== index) }, ['expect.json'])} />;
        })}
        <FieldNotes error={errors['expect.json']} errorId={undefined} hint="A path like $.status or $.checks[0].ok, and the value it must have: JSON (true, 200, null), or text." />
        <div>
          <button
            type="button"
            className="button button-small"
            onClick={() => {
              setAdded(true);
              onChange({ json: [...draft.json, { path: '', equals: '' }] }, ['expect.json']);
            }}
          >
            Add JSON value
          </button>
        </div>
      </fieldset>
      <TextField label="Slowest answer (ms)" inputMode="numeric" value={draft.maxResponseMs} error={errors['expect.max_response_ms']} hint="Down when the answer takes longer. From 1 to 60000; empty: no limit." onChange={(event) => onChange({ maxResponseMs: event.target.value }, ['expect.max_response_ms'])} />
      <FieldNotes error={errors['expect']} errorId={undefined} />
    </>
  );
}

function JsonRowFields({ row, index, focus, error, onChange, onRemove }: EditableRowProps<JsonRow>) {
  const { errorId, describedBy } = useFieldIds(undefined, error);
  const invalid = error === undefined ? undefined : true;
  return (
    <div className="check-row">
      <div className="check-row-inputs">
        <input aria-label={`Path of JSON value ${index + 1}`} autoFocus={focus} placeholder="$.status" spellCheck={false} autoCapitalize="off" value={row.path} aria-invalid={invalid} aria-describedby={describedBy} onChange={(event) => onChange({ path: event.target.value })} />
        <span aria-hidden="true">=</span>
        <input aria-label={`Expected JSON value ${index + 1}`} placeholder='"ok"' spellCheck={false} autoCapitalize="off" value={row.equals} aria-invalid={invalid} aria-describedby={describedBy} onChange={(event) => onChange({ equals: event.target.value })} />
        <button type="button" className="button button-small" aria-label={`Remove JSON value ${index + 1}`} onClick={onRemove}>
          Remove
        </button>
      </div>
      <FieldNotes error={error} errorId={errorId} />
    </div>
  );
}

function CertificateFields({ draft, errors, onChange }: PartProps) {
  return (
    <>
      <TextField label="Warn before expiry (days)" verbatim value={draft.expiryDays} placeholder="30, 14, 7" error={errors['tls.expiry_days']} hint="Days before the certificate expires to warn, like 30, 14, 7." onChange={(event) => onChange({ expiryDays: event.target.value }, ['tls', 'tls.expiry_days'])} />
      <CheckboxField label="Ignore certificate errors" checked={draft.ignoreCertificateErrors} onChange={(checked) => onChange({ ignoreCertificateErrors: checked }, ['tls', 'tls.ignore_errors'])} />
      {draft.ignoreCertificateErrors && (
        <p className="check-warning" role="note">
          An expired, self-signed or wrong certificate will not make this monitor down, and anyone between this computer and the server could answer in its place. Use this only for a server you reach on a network you trust.
        </p>
      )}
      <FieldNotes error={errors['tls']} errorId={undefined} />
    </>
  );
}

function DnsLookup({ draft, errors, onChange }: PartProps) {
  return (
    <fieldset className="field">
      <legend>Lookup</legend>
      <SelectField label="Record type" value={draft.dnsRecord} error={errors['dns.record']} options={DNS_RECORD_TYPES.map((record) => ({ value: record, label: record }))} onChange={(event) => onChange({ dnsRecord: event.target.value }, ['dns', 'dns.record', 'dns.expect'])} />
      <TextAreaField label="Expected values" rows={3} value={draft.dnsExpect} error={errors['dns.expect']} hint="One a line, all of which the answer must hold (it may hold more). Empty: any record of the type is up." onChange={(event) => onChange({ dnsExpect: event.target.value }, ['dns', 'dns.expect'])} />
      <TextField label="Resolver" verbatim value={draft.dnsResolver} placeholder="The system's resolver" error={errors['dns.resolver']} hint="An IP address with an optional port, like 192.0.2.53:5353." onChange={(event) => onChange({ dnsResolver: event.target.value }, ['dns', 'dns.resolver'])} />
      <FieldNotes error={errors['dns']} errorId={undefined} />
    </fieldset>
  );
}
