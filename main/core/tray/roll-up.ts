// The tray's level over several servers: the worst of their own roll-ups (pure). A known problem outranks not
// knowing: a monitor down anywhere is critical even while another server cannot be reached, and a server that
// cannot be reached outranks a warning elsewhere, since its own problems are unseen.
import type { Level } from '../../../common/ipc/views.ts';
import type { ServerLevel } from './server-tray.ts';

const worstLast: readonly ServerLevel[] = ['ok', 'unknown', 'warning', 'offline', 'critical'];

/** The worst of the servers' levels. */
export function worstLevel(levels: Iterable<ServerLevel>): ServerLevel {
  let worst: ServerLevel = 'ok';
  for (const level of levels) if (worstLast.indexOf(level) > worstLast.indexOf(worst)) worst = level;
  return worst;
}

/** The icon's level: paused while notifications are paused, unknown while no server is watched, else the worst. */
export function rollUp(levels: readonly ServerLevel[], paused: boolean): Level {
  if (paused) return 'paused';
  return levels.length === 0 ? 'unknown' : worstLevel(levels);
}
