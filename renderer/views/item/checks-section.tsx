// A monitor's latest checks, newest first: when, up or down, how fast, and the error of a failed one. "Show more"
// asks the core for the checks before the oldest shown, until there are none.
import { useState } from 'react';
import type { CheckView } from '../../../common/ipc/history.ts';
import { callFailureOf } from '../../api/call-error.ts';
import { vigil } from '../../api/vigil-api.ts';
import { HealthBadge } from '../../components/health-badge.tsx';
import { formatDateTime } from '../../../common/format/clock-time.ts';
import { millisecondsText } from './item-page-model.ts';
import { OlderRowsFooter, type OlderRows } from './older-rows-footer.tsx';
import { ColumnHeads } from './column-heads.tsx';

/** `seconds`: the monitor is checked seconds apart, so its checks are told apart by their seconds (`secondsApart`). */
export function ChecksSection({ itemKey, checks, seconds }: { itemKey: string; checks: readonly CheckView[]; seconds: boolean }) {
  const [older, setOlder] = useState<CheckView[]>([]);
  const [more, setMore] = useState<OlderRows>({ state: 'idle' });
  const shown = [...checks, ...older.filter((check) => check.at < (checks.at(-1)?.at ?? Number.POSITIVE_INFINITY))];

  async function showMore() {
    const before = shown.at(-1)?.at;
    setMore({ state: 'loading' });
    try {
      const answer = await vigil().listChecks(itemKey, before);
      const fresh = answer.filter((check) => before === undefined || check.at < before);
      setOlder((current) => [...current, ...fresh]);
      setMore(fresh.length === 0 ? { state: 'all' } : { state: 'idle' });
    } catch (error) {
      setMore({ state: 'failed', message: callFailureOf(error).message });
    }
  }

  return (
    <section className="item-section" aria-labelledby="checks-title">
      <h2 id="checks-title">Recent checks</h2>
      {shown.length === 0 ? (
        <p className="field-hint">No checks recorded yet.</p>
      ) : (
        <table className="data-table">
          <ColumnHeads names={['Checked', 'Result', 'Response time', 'Error']} />
          <tbody>
            {shown.map((check) => (
              <tr key={check.at}>
                <td>{formatDateTime(check.at, { seconds })}</td>
                <td>
                  <HealthBadge health={check.status === 'up' ? 'ok' : 'critical'} label={check.status === 'up' ? 'Up' : 'Down'} />
                </td>
                <td>{check.responseTimeMs === undefined ? '—' : millisecondsText(check.responseTimeMs)}</td>
                <td className="cell-wrap">{check.error ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <OlderRowsFooter more={more} noun="checks" buttonLabel="Show more checks" offered={more.state !== 'all' && shown.length > 0} onShowOlder={() => void showMore()} />
    </section>
  );
}
