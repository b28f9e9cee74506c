// What an import did or would do, in words: what is (or would be) created, with what of it the server does not keep,
// what is skipped and why, and the server's refusal that stopped it, if one did.
import type { ConfigurationKind, ImportReport } from '../../../common/ipc/history.ts';
import { countOf } from '../../format/count.ts';

const kindNames: Record<ConfigurationKind, string> = { monitor: 'Monitor', heartbeat: 'Heartbeat', domain: 'Domain', handler: 'Notification handler' };

function itemCount(count: number): string {
  return count === 0 ? 'nothing' : countOf(count, 'item');
}

export function ImportReportView({ report }: { report: ImportReport }) {
  const { created, skipped, failed } = report;
  const verb = report.dryRun ? 'Would be created' : 'Created';
  return (
    <div className="import-report">
      {failed !== undefined && (
        <p className="form-result form-result-failed" role="alert">
          <strong>{report.dryRun ? 'The server would refuse this file.' : 'The import stopped.'}</strong> {kindNames[failed.kind]} “{failed.name}”: {failed.message}
          {!report.dryRun && ` ${created.length === 0 ? 'Nothing was created.' : 'Only what is listed as created below was created.'}`}
        </p>
      )}
      <h3>
        {verb}: {itemCount(created.length)}
      </h3>
      {created.length > 0 && (
        <ul className="import-list">
          {created.map((entry, index) => (
            // Look-alike entries (two heartbeats named "Heartbeat") are each created: the index keeps them apart.
            <li key={index}>
              <span>
                {kindNames[entry.kind]} “{entry.name}”{entry.target !== undefined && <> → <code>{entry.target}</code></>}
              </span>
              {entry.notKept !== undefined && <span className="import-not-kept">{entry.notKept}</span>}
              {entry.pingUrl !== undefined && (
                <span className="import-ping-url">
                  Its job pings <code>{entry.pingUrl}</code> from now on.
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <h3>
        {report.dryRun ? 'Would be skipped' : 'Skipped'}: {itemCount(skipped.length)}
      </h3>
      {skipped.length > 0 && (
        <ul className="import-list">
          {skipped.map((entry, index) => (
            <li key={index}>
              {kindNames[entry.kind]} “{entry.name}”: {entry.reason}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
