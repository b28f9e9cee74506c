// Keeps each server's part of the status from one build to the next while nothing it depends on has changed. The
// status is rebuilt after every server's poll, and with ten servers each rebuild judged, ranked and described all
// 12,000 items though only one server had news. A server without news keeps its part as it is when the time is the
// same. At another time it keeps its monitors as judged, counted, ranked and described (none of it moves with the
// clock), and of its heartbeats and domains only those whose judgement or words have moved by then (lateness, days
// left, "last ping 40 s ago": `judgedUntil`) are judged and described again. When a snooze or a maintenance window
// begins or ends, its items are ranked and counted again, and a monitor's view is kept when it is set aside as
// before. Vigil's record of a server, which says since when a state holds, changes only with that server's poll (a new
// outcome), so a kept "since" is never stale either; and a clock set back keeps nothing. So a kept part says exactly
// what a part built afresh would (never stale words).
import type { StatusItemView } from '../../../common/ipc/views.ts';
import type { ItemAssessment } from '../health/index.ts';
import type { RankedItem, ServerTray, Tally } from '../tray/index.ts';

/** One server's part: its tray part, and its items' views in the same order as `tray.ranked`. */
export interface ServerPart {
  tray: ServerTray;
  views: readonly StatusItemView[];
  /** The monitors as judged, in the snapshot's order: a monitor's judgement does not depend on the time. */
  monitors: readonly ItemAssessment[];
  /** The monitors counted, under what set items aside when the part was built. */
  monitorTally: Tally;
  /** The monitors' ranked entries and views, by rank (`rankOf`), in the ranked order: neither depends on the time. */
  monitorRanks: readonly (RankBucket | undefined)[];
  /** Where the heartbeats and domains are in `tray.ranked`, in that order, with their ranks. */
  others: OtherPlaces;
}

/** The places of the items that are not monitors in a part's ranked list, in order, each one's rank and how long it holds. */
export interface OtherPlaces {
  ranks: number[];
  positions: number[];
  /** The instant before which each one's judgement and words read the same (`judgedUntil`). */
  judgedUntil: number[];
}

/** The entries of one rank and their views, in the same order. */
export interface RankBucket {
  ranked: RankedItem[];
  views: StatusItemView[];
}

/** What a server's part is built from, each compared by identity. */
export interface PartDependencies {
  /** What its items are judged and described from: the poll, the alert state, the preferences… */
  judged: readonly unknown[];
  /** What sets items aside from the problems: the snoozes in force and what is in maintenance. */
  setAside: readonly unknown[];
}

/** A part kept from the last build for a server without news; `setAsideMoved`: a snooze or a maintenance window began or ended since. */
export interface KeptPart {
  part: ServerPart;
  setAsideMoved: boolean;
}

export class StatusMemo {
  #parts = new Map<string, { dependencies: PartDependencies; now: number; part: ServerPart }>();

  /**
   * The server's part: the one kept when every dependency is the same at the same time; else a new one, `build` given
   * the kept part when the items are judged from the same things and the time has not gone back (it then rebuilds
   * only what moved: the time, or what sets items aside).
   */
  serverPart(connectionId: string, dependencies: PartDependencies, now: number, build: (kept: KeptPart | undefined) => ServerPart): ServerPart {
    const kept = this.#parts.get(connectionId);
    // A clock set back (by hand, or stepped by NTP) finds words written for a later time: nothing is kept then.
    const judgedAlike = kept !== undefined && now >= kept.now && sameDependencies(kept.dependencies.judged, dependencies.judged);
    const setAsideMoved = !judgedAlike || !sameDependencies(kept.dependencies.setAside, dependencies.setAside);
    if (judgedAlike && !setAsideMoved && kept.now === now) return kept.part;
    const part = build(judgedAlike ? { part: kept.part, setAsideMoved } : undefined);
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
