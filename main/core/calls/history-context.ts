// What the history calls share about a connection: its server's history (when it lists the extension),
// Vigil's record of it, and an item as the latest poll judged it.
import { MAINTENANCE_EXTENSION } from '../../../common/maintenance/maintenance.ts';
import { heartbeatsWaiting } from '../alerts/index.ts';
import type { MonitoringClient } from '../api/index.ts';
import type { ConnectionSession } from '../app/connection-session.ts';
import type { CoreRuntime } from '../app/core-runtime.ts';
import { assessItemByKey, type ItemAssessment } from '../health/index.ts';
import type { RecordSource } from '../history/record-source.ts';
import type { HistoryServer } from '../history/server-history.ts';
import { sourceHistoryOf, type SourceHistory } from '../history/source-history.ts';
import { alertPreferencesFrom } from '../settings/alert-preferences.ts';

/** The session's client when its server keeps history (asked now if it was never asked), else undefined. */
export async function historyServer(session: ConnectionSession): Promise<MonitoringClient | undefined> {
  await session.capabilities.known();
  return session.capabilities.hasHistory() ? session.client : undefined;
}

/** As `historyServer`, saying too whether the server keeps maintenance windows (an item page draws them). */
export async function itemHistoryServer(session: ConnectionSession): Promise<HistoryServer | undefined> {
  const client = await historyServer(session);
  return client === undefined ? undefined : { client, hasMaintenance: session.capabilities.current?.extensions.includes(MAINTENANCE_EXTENSION) === true };
}

/** A read-only source's own history, where its kind keeps one. */
export function itemSourceHistory(session: ConnectionSession): SourceHistory | undefined {
  return session.source === undefined ? undefined : sourceHistoryOf(session.source, session.token);
}

export function recordSource(runtime: CoreRuntime, session: ConnectionSession): RecordSource | undefined {
  const reads = runtime.record();
  return reads === undefined ? undefined : { reads, connectionId: session.connection.id, watching: session.recorder?.watching };
}

/** The item with this key as of the latest poll, judged now; undefined when it is not (or no longer) there. */
export function currentItem(runtime: CoreRuntime, session: ConnectionSession, key: string, now: number): ItemAssessment | undefined {
  const snapshot = session.lastSnapshot;
  if (snapshot === undefined) return undefined;
  const { heartbeatGraceSeconds, thresholds } = alertPreferencesFrom(runtime.settings.read());
  return assessItemByKey(snapshot, key, { now, graceSeconds: heartbeatGraceSeconds, thresholds, waitingSince: heartbeatsWaiting(session.alertState) });
}
