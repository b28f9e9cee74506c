// Keeps each server's part of the status from one build to the next while nothing it depends on has changed. The
// status is rebuilt after every server's poll, and with ten servers each rebuild judged, ranked and described all
// 12,000 items though only one server had news. A server without news keeps its part as it is when the time is the
// same; at another time it keeps what does not move with the clock — its monitors as judged and their views — and
// only its heartbeats and domains (lateness, days left, "last ping 40 s ago") are judged and described again, and
// its items counted and ranked again. So a kept part says exactly what a part built afresh would (never stale words).
import type { StatusItemView } from '../../../common/ipc/views.ts';
import type { ItemAssessment } from '../health/index.ts';
import type { RankedItem, ServerTray } from '../tray/index.ts';

/** One server's part: its tray part, and its items' views in the same order as `tray.ranked`. */
export interface ServerPart {
  tray: ServerTray;
  views: readonly StatusItemView[];
  /** The monitors as judged, in the snapshot's order: a monitor's judgement does not depend on the time. */
  monitors: readonly ItemAssessment[];
  /** The monitors' ranked entries and views, by rank (`rankOf`), in the ranked order: neither depends on the time. */
  monitorRanks: readonly (RankBucket | undefined)[];
  /** Where the heartbeats and domains are in `tray.ranked`, in that order, with their ranks. */
  others: OtherPlaces;
}

/** The places of the items that are not monitors in a part's ranked list, in order, and each one's rank. */
export interface OtherPlaces {
  ranks: number[];
  positions: number[];
}

/** The entries of one rank and their views, in the same order. */
export interface RankBucket {
  ranked: RankedItem[];
  views: StatusItemView[];
}

export class StatusMemo {
  #parts = new Map<string, { dependencies: readonly unknown[]; now: number; part: ServerPart }>();

  /**
   * The server's part: the one kept when every dependency is the same (by identity) at the same time; else a new one,
   * `build` given the kept part when only the time has moved (it then rebuilds only what depends on the time).
   */
  serverPart(connectionId: string, dependencies: readonly unknown[], now: number, build: (kept: ServerPart | undefined) => ServerPart): ServerPart {
    const kept = this.#parts.get(connectionId);
    const same = kept !== undefined && sameDependencies(kept.dependencies, dependencies);
    if (same && kept.now === now) return kept.part;
    const part = build(same ? kept.part : undefined);
    this.#parts.set(connectionId, { dependencies, now, part });
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
