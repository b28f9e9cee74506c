// A heartbeat's runs, newest first (servers with the `cron` extension): when each started, how long it took, how it
// ended, its exit code and what it printed (collapsed, as the server kept it). The first page is asked again when
// the heartbeat's latest ping changes, and every minute; "Show older runs" asks for the runs before the oldest
// shown, until none are left. A server without runs shows nothing.
import { useEffect, useState } from 'react';
import { formatDuration } from '../../../common/format/duration.ts';
import { mergeRuns, runCursor, type HeartbeatRunView } from '../../../common/ipc/heartbeat-runs.ts';
import { callFailureOf } from '../../api/call-error.ts';
import { vigil } from '../../api/vigil-api.ts';
import { HealthBadge } from '../../components/health-badge.tsx';
import { formatDateTime } from '../../format/time.ts';
import { useNow } from '../../state/now-store.ts';
import { outcomeHealth, outcomeLabel } from './run-outcome.ts';
import { OlderRowsFooter, type OlderRows } from './older-rows-footer.tsx';
import { ColumnHeads } from './column-heads.tsx';

type First = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'none' } | { state: 'shown'; runs: HeartbeatRunView[]; mayHaveOlder: boolean };
/** How often the first page is asked again while the page is open, beside each new ping. */
const refreshMs = 60_000;

export interface RunsSectionProps {
  itemKey: string;
  /** Changes when the heartbeat was pinged: the runs are asked again. */
  latest: string;
}

export function RunsSection({ itemKey, latest }: RunsSectionProps) {
  const [first, setFirst] = useState<First>({ state: 'loading' });
  const [older, setOlder] = useState<HeartbeatRunView[]>([]);
  const [more, setMore] = useState<OlderRows>({ state: 'idle' });
  // A repeated failure without a start changes nothing the poll shows, so the page asks again now and then too.
  const minute = useNow((state) => Math.floor(state.now / refreshMs));

  useEffect(() => {
    let current = true;
    vigil()
      .listHeartbeatRuns(itemKey)
      .then((view) => current && setFirst(view.supported ? { state: 'shown', runs: view.runs, mayHaveOlder: view.mayHaveOlder } : { state: 'none' }))
      // A failed refresh keeps the runs shown.
      .catch((error: unknown) => current && setFirst((was) => (was.state === 'shown' ? was : { state: 'failed', message: callFailureOf(error).message })));
    return () => {
      current = false;
    };
  }, [itemKey, latest, minute]);

  if (first.state === 'none' || first.state === 'loading') return null;
  const shown = mergeRuns(first.state === 'shown' ? first.runs : [], older);
  const allShown = more.state === 'all' || (first.state === 'shown' && !first.mayHaveOlder && older.length === 0);

  async function showOlder() {
    const oldest = shown.at(-1);
    const cursor = oldest === undefined ? undefined : runCursor(oldest);
    setMore({ state: 'loading' });
    try {
      const answer = await vigil().listHeartbeatRuns(itemKey, cursor);
      const fresh = answer.runs.filter((run) => cursor === undefined || (runCursor(run) ?? 0) < cursor);
      setOlder((kept) => [...kept, ...fresh]);
      setMore(fresh.length === 0 || !answer.mayHaveOlder ? { state: 'all' } : { state: 'idle' });
    } catch (error) {
      setMore({ state: 'failed', message: callFailureOf(error).message });
    }
  }

  return (
    <section className="item-section" aria-labelledby="runs-title">
      <h2 id="runs-title">Runs</h2>
      {first.state === 'failed' ? (
        <p className="form-error" role="alert">
          The runs could not be loaded: {first.message}
        </p>
      ) : shown.length === 0 ? (
        <p className="field-hint">No run reported yet: a job reports one by pinging its start, then its end or exit code.</p>
      ) : (
        <table className="data-table runs-table">
          <ColumnHeads names={['Started', 'Duration', 'Outcome', 'Exit code', 'Log']} />
          <tbody>
            {shown.map((run, index) => (
              <RunRow key={`${runCursor(run) ?? index}-${index}`} run={run} />
            ))}
          </tbody>
        </table>
      )}
      <OlderRowsFooter more={more} noun="runs" buttonLabel="Show older runs" offered={!allShown && shown.length > 0} onShowOlder={() => void showOlder()} />
    </section>
  );
}

/** The run's output, folded: "Show log" opens it, and then says "Hide log". */
function RunLog({ log, truncated, started }: { log: string; truncated: boolean; started: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="run-log" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        {open ? 'Hide log' : 'Show log'}
        <span className="visually-hidden"> of the run {started}</span>
      </summary>
      <pre tabIndex={0}>{log}</pre>
      {truncated && <p className="field-hint">Truncated at 10 KB: the job printed more.</p>}
    </details>
  );
}

function RunRow({ run }: { run: HeartbeatRunView }) {
  const now = useNow((state) => state.now);
  const started = run.startedAt === undefined ? (run.endedAt === undefined ? '—' : `— (ended ${formatDateTime(run.endedAt)})`) : formatDateTime(run.startedAt);
  const duration =
    run.durationMs !== undefined ? formatDuration(run.durationMs, 'wait') : run.outcome === 'running' && run.startedAt !== undefined ? `${formatDuration(now - run.startedAt, 'elapsed')} so far` : '—';
  return (
    <tr>
      <td>{started}</td>
      <td>{duration}</td>
      <td>
        <HealthBadge health={outcomeHealth(run.outcome)} label={outcomeLabel(run.outcome)} />
      </td>
      <td>{run.exitCode ?? '—'}</td>
      <td className="cell-wrap">
        {run.log === undefined ? (
          <span className="cell-muted">none</span>
        ) : (
          <RunLog log={run.log} truncated={run.logTruncated} started={started} />
        )}
      </td>
    </tr>
  );
}
