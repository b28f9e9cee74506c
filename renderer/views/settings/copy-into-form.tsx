// "Copy to This computer": a source's checks (as far as it says what it checks) made as monitors and heartbeats of
// another server, so a person can leave a tool without typing them again. As an import of a file: what it would do
// is shown first (created, skipped and why), nothing is made until confirmed, a second copy adds only what is
// missing, and each new heartbeat's ping URL is shown for its job to use.
import { useEffect, useId, useState } from 'react';
import type { ImportReport } from '../../../common/ipc/history.ts';
import { callFailureOf } from '../../api/call-error.ts';
import { vigil } from '../../api/vigil-api.ts';
import { countOf } from '../../format/count.ts';
import { tracked } from '../../state/pending-writes.ts';
import { useStatus } from '../../state/status-store.ts';
import { ImportReportView } from './import-report.tsx';

type CopyStep =
  | { step: 'checking' }
  | { step: 'checked'; report: ImportReport }
  | { step: 'copying'; report: ImportReport }
  | { step: 'done'; report: ImportReport }
  | { step: 'failed'; message: string };

export interface CopyIntoFormProps {
  from: { id: string; name: string };
  into: { id: string; name: string };
  onClose(): void;
}

export function CopyIntoForm({ from, into, onClose }: CopyIntoFormProps) {
  const titleId = useId();
  const [state, setState] = useState<CopyStep>({ step: 'checking' });

  useEffect(() => {
    let current = true;
    vigil()
      .copyConfiguration(from.id, into.id, { dryRun: true })
      .then(
        (report) => current && setState({ step: 'checked', report }),
        (error: unknown) => current && setState({ step: 'failed', message: callFailureOf(error).message }),
      );
    return () => {
      current = false;
    };
  }, [from.id, into.id]);

  async function copy() {
    if (state.step !== 'checked') return;
    setState({ step: 'copying', report: state.report });
    try {
      const report = await tracked(() => vigil().copyConfiguration(from.id, into.id, { dryRun: false }));
      setState({ step: 'done', report });
      void useStatus.getState().refreshNow();
    } catch (error) {
      setState({ step: 'failed', message: callFailureOf(error).message });
    }
  }

  const report = state.step === 'failed' || state.step === 'checking' ? undefined : state.report;
  const toCopy = report?.created.length ?? 0;
  return (
    <div className="settings-subform copy-into" role="group" aria-labelledby={titleId}>
      <h4 id={titleId}>
        Copy {from.name} to {into.name}
      </h4>
      {state.step === 'failed' && (
        <p className="form-error" role="alert">
          {from.name} could not be copied: {state.message}
        </p>
      )}
      {(state.step === 'checked' || state.step === 'copying') && (
        <>
          <p className="field-hint">What copying would make on {into.name}; {from.name} itself is only read, never changed.</p>
          <ImportReportView report={state.report} />
          {toCopy === 0 && state.report.failed === undefined && <p>There is nothing to copy: what {from.name} checks is on {into.name} already, or it does not say.</p>}
        </>
      )}
      {state.step === 'done' && <ImportReportView report={state.report} />}
      <div role="status" className="result-region">
        {state.step === 'checking' && <p>Reading what {from.name} checks…</p>}
        {state.step === 'copying' && <p>Copying…</p>}
        {state.step === 'done' && (
          <p className={`form-result ${state.report.failed === undefined ? 'form-result-ok' : 'form-result-failed'}`}>
            <strong>{state.report.failed === undefined ? 'Copied.' : 'Copied in part.'}</strong> {countOf(state.report.created.length, 'item')} made on {into.name}, {state.report.skipped.length} skipped.
          </p>
        )}
      </div>
      <div className="form-actions">
        {(state.step === 'checked' || state.step === 'copying') && toCopy > 0 && (
          <button
            type="button"
            className="button button-primary"
            aria-disabled={state.step === 'copying' || state.report.failed !== undefined}
            onClick={() => state.step === 'checked' && state.report.failed === undefined && void copy()}
          >
            {state.step === 'copying' ? 'Copying…' : `Copy ${countOf(toCopy, 'item')}`}
          </button>
        )}
        <button type="button" className="button" disabled={state.step === 'copying'} onClick={onClose}>
          {state.step === 'done' ? 'Close' : 'Cancel'}
        </button>
      </div>
    </div>
  );
}
