// Keeps each server's part of the status from one build to the next while nothing it depends on has changed. The
// status is rebuilt after every server's poll, and with ten servers each rebuild judged, ranked and described all
// 12,000 items though only one server had news. A part is reused within the same second only, so the times in its
// words ("last ping 40 s ago") are never more than a second old.
import type { StatusItemView } from '../../../common/ipc/views.ts';
import type { ServerTray } from '../tray/index.ts';

/** One server's part: its tray part, and its items' views in the same order as `tray.ranked`. */
export interface ServerPart {
  tray: ServerTray;
  views: readonly StatusItemView[];
}

export class StatusMemo {
  #parts = new Map<string, { dependencies: readonly unknown[]; part: ServerPart }>();

  /** The server's part: the one kept when every dependency is the same (by identity), else a new one. */
  serverPart(connectionId: string, dependencies: readonly unknown[], build: () => ServerPart): ServerPart {
    const kept = this.#parts.get(connectionId);
    if (kept !== undefined && sameDependencies(kept.dependencies, dependencies)) return kept.part;
    const part = build();
    this.#parts.set(connectionId, { dependencies, part });
    return part;
  }

  /** Drops the parts of servers no longer watched. */
  keepOnly(connectionIds: ReadonlySet<string>): void {
    for (const id of this.#parts.keys()) if (!connectionIds.has(id)) this.#parts.delete(id);
  }
}

function sameDependencies(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, index) => Object.is(value, b[index]));
}
