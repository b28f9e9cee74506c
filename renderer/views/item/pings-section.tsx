// A heartbeat's latest pings, newest first, each with the time since the one before: a gap longer than the
// interval is where the job ran late or not at all.
import { formatDuration } from '../../../common/format/duration.ts';
import { formatDateTime } from '../../format/time.ts';
import { ColumnHeads } from './column-heads.tsx';

export function PingsSection({ pings }: { pings: readonly number[] }) {
  return (
    <section className="item-section" aria-labelledby="pings-title">
      <h2 id="pings-title">Recent pings</h2>
      {pings.length === 0 ? (
        <p className="field-hint">No ping has arrived yet.</p>
      ) : (
        <table className="data-table">
          <ColumnHeads names={['Pinged', 'After the one before']} />
          <tbody>
            {pings.map((at, index) => {
              const before = pings[index + 1];
              return (
                <tr key={at}>
                  <td>{formatDateTime(at)}</td>
                  <td>{before === undefined ? '—' : formatDuration(at - before, 'elapsed')}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
