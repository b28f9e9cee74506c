// Your data out and in: the whole configuration of one server (monitors, heartbeats, domains, handlers) saved as a
// file, and such a file imported into one; with more than one server watched, the section asks which. An import is tried first (the server's dry run says what it would
// create and skip, and why), and only then done for real; it stops at the first refusal, which is shown in the
// server's words.
import { useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import type { ImportReport } from '../../../common/ipc/history.ts';
import { callFailureOf } from '../../api/call-error.ts';
import { vigil } from '../../api/vigil-api.ts';
import { SelectField } from '../../components/fields.tsx';
import { useExport } from '../../components/use-export.ts';
import { countOf } from '../../format/count.ts';
import { tracked } from '../../state/pending-writes.ts';
import { useStatus } from '../../state/status-store.ts';
import { ImportReportView } from './import-report.tsx';

/** What the contract accepts (8 MiB: 50,000 monitors fit). */
const maxFileBytes = 8 * 1024 * 1024;

type ImportStep =
  | { step: 'idle' }
  | { step: 'checking'; fileName: string }
  | { step: 'checked'; fileName: string; text: string; report: ImportReport; connectionId: string }
  | { step: 'importing'; fileName: string; text: string; report: ImportReport; connectionId: string }
  | { step: 'done'; fileName: string; report: ImportReport }
  | { step: 'failed'; fileName: string; message: string };

export function DataSection() {
  const titleId = useId();
  const fileId = useId();
  const serverNames = useStatus((state) => state.serverNames);
  const [picked, setPicked] = useState<string | undefined>();
  // The server picked while it is watched, else the first one.
  const connectionId = picked !== undefined && serverNames.has(picked) ? picked : [...serverNames.keys()][0];
  const serverName = connectionId === undefined ? undefined : serverNames.get(connectionId);
  const serverOptions = useMemo(() => [...serverNames].map(([value, label]) => ({ value, label })), [serverNames]);
  const exporter = useExport();
  const [state, setState] = useState<ImportStep>({ step: 'idle' });
  const fileInput = useRef<HTMLInputElement>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (file === undefined || connectionId === undefined) return;
    if (file.size > maxFileBytes) {
      setState({ step: 'failed', fileName: file.name, message: 'The file is larger than 8 MB, which is more than any export Vigil makes.' });
      return;
    }
    setState({ step: 'checking', fileName: file.name });
    try {
      const text = await file.text();
      const report = await vigil().importConfiguration(connectionId, text, { dryRun: true });
      setState({ step: 'checked', fileName: file.name, text, report, connectionId });
    } catch (error) {
      setState({ step: 'failed', fileName: file.name, message: callFailureOf(error).message });
    }
  }

  async function importForReal() {
    if (state.step !== 'checked') return;
    const { fileName, text, connectionId: into } = state;
    setState({ ...state, step: 'importing' });
    try {
      const report = await tracked(() => vigil().importConfiguration(into, text, { dryRun: false }));
      setState({ step: 'done', fileName, report });
      // The lists show what was created at the next poll; no need to wait for it.
      void useStatus.getState().refreshNow();
    } catch (error) {
      setState({ step: 'failed', fileName, message: callFailureOf(error).message });
    }
  }

  function startOver() {
    setState({ step: 'idle' });
    if (fileInput.current !== null) fileInput.current.value = '';
  }

  const busy = state.step === 'checking' || state.step === 'importing';
  return (
    <section className="settings-section" aria-labelledby={titleId}>
      <div className="settings-section-head">
        <h2 id={titleId}>Your data</h2>
        <p className="field-hint">
          Every monitor, heartbeat, domain and notification handler of {serverNames.size > 1 ? 'a server' : `the server Vigil watches (${serverName ?? 'none yet'})`}, as a file to keep
          or to import into another server.
        </p>
      </div>
      {serverNames.size > 1 && (
        <SelectField
          className="field-server"
          label="Server"
          value={connectionId ?? ''}
          hint="The server whose configuration is exported, and the one a file is imported into."
          options={serverOptions}
          disabled={busy}
          onChange={(event) => setPicked(event.target.value)}
        />
      )}
      <div className="form-actions">
        <button
          type="button"
          className="button"
          aria-disabled={exporter.running !== undefined || connectionId === undefined}
          onClick={() => connectionId !== undefined && void exporter.run('configuration', () => vigil().exportConfiguration(connectionId))}
        >
          {exporter.running === undefined ? 'Export configuration' : 'Exporting…'}
        </button>
      </div>
      <div className="settings-subform data-import">
        <h3>Import a configuration</h3>
        <div className="field">
          <label htmlFor={fileId}>Configuration file</label>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            accept=".json,application/json"
            aria-describedby={`${fileId}-hint`}
            disabled={busy}
            onChange={(event) => void choose(event)}
          />
          <p id={`${fileId}-hint`} className="field-hint">
            A file from “Export configuration”. Nothing is imported until you have seen what it would do and confirmed.
          </p>
        </div>
        <div role="status" className="result-region">
          {state.step === 'checking' && <p>Checking {state.fileName}…</p>}
          {state.step === 'importing' && <p>Importing {state.fileName}…</p>}
          {state.step === 'done' && (
            <p className={`form-result ${state.report.failed === undefined ? 'form-result-ok' : 'form-result-failed'}`}>
              <strong>{state.report.failed === undefined ? 'Imported.' : 'Imported in part.'}</strong> {countOf(state.report.created.length, 'item')} created from {state.fileName}, {state.report.skipped.length} skipped.
            </p>
          )}
        </div>
        {state.step === 'failed' && (
          <p className="form-error" role="alert">
            {state.fileName} could not be imported: {state.message}
          </p>
        )}
        {(state.step === 'checked' || state.step === 'importing') && (
          <>
            <p>
              What importing <strong>{state.fileName}</strong>
              {serverNames.size > 1 && ` into ${serverNames.get(state.connectionId) ?? state.connectionId}`} would do:
            </p>
            <ImportReportView report={state.report} />
            {state.report.created.length === 0 && state.report.failed === undefined && <p>Everything in this file is on the server already: there is nothing to import.</p>}
            <div className="form-actions">
              {state.report.created.length > 0 && (
                <button
                  type="button"
                  className="button button-primary"
                  aria-disabled={state.step === 'importing' || state.report.failed !== undefined}
                  onClick={() => state.step === 'checked' && state.report.failed === undefined && void importForReal()}
                >
                  {state.step === 'importing' ? 'Importing…' : `Import ${countOf(state.report.created.length, 'item')}`}
                </button>
              )}
              <button type="button" className="button" disabled={state.step === 'importing'} onClick={startOver}>
                Cancel
              </button>
            </div>
          </>
        )}
        {state.step === 'done' && <ImportReportView report={state.report} />}
        {(state.step === 'done' || state.step === 'failed') && (
          <div className="form-actions">
            <button type="button" className="button" onClick={startOver}>
              Import another file
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
