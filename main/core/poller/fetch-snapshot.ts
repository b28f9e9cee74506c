// One poll: monitors, heartbeats and domains fetched in parallel. The first failure cancels the other two, so
// a failed poll leaves no request behind. Where the server may keep maintenance windows or dependencies, they are
// asked for beside them; those answers failing fails nothing (what was last known stands).
import type { Issue } from '../../../common/api/index.ts';
import type { Clock } from '../../../common/clock.ts';
import type { MonitoringClient } from '../api/index.ts';
import type { Snapshot } from '../model/snapshot.ts';

function under(collection: string, issues: Issue[]): Issue[] {
  return issues.map((issue) => ({ ...issue, path: [collection, ...issue.path] }));
}

export interface SnapshotOptions {
  /** Ask for the server's maintenance windows too (it lists the extension, or has not been asked yet). */
  maintenance: boolean;
  /** Ask for what the server's items depend on too (it lists the dependencies extension). */
  dependencies?: boolean;
}

export async function fetchSnapshot(client: MonitoringClient, clock: Clock, signal?: AbortSignal, wanted: SnapshotOptions = { maintenance: false }): Promise<Snapshot> {
  const startedAt = clock.now();
  const controller = new AbortController();
  const forward = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forward, { once: true });
  const options = { signal: controller.signal };
  const cancelOthersOnFailure = <T>(promise: Promise<T>) =>
    promise.catch((error: unknown) => {
      controller.abort();
      throw error;
    });
  try {
    const maintenance = wanted.maintenance ? client.listMaintenance({ ended: false }, options).then((reply) => reply.items, () => undefined) : undefined;
    const dependencies = wanted.dependencies === true ? client.listDependencies(options).then((reply) => reply.items, () => undefined) : undefined;
    const [monitors, heartbeats, domains] = await Promise.all([
      cancelOthersOnFailure(client.listMonitors(options)),
      cancelOthersOnFailure(client.listHeartbeats(options)),
      cancelOthersOnFailure(client.listDomains(options)),
    ]);
    const snapshot: Snapshot = {
      takenAt: clock.now(),
      startedAt,
      monitors: monitors.items,
      heartbeats: heartbeats.items,
      domains: domains.items,
      issues: [...under('monitors', monitors.issues), ...under('heartbeats', heartbeats.issues), ...under('domains', domains.issues)],
    };
    const windows = await maintenance;
    if (windows !== undefined) snapshot.maintenance = windows;
    const parents = await dependencies;
    if (parents !== undefined) snapshot.dependencies = parents;
    return snapshot;
  } finally {
    signal?.removeEventListener('abort', forward);
  }
}
