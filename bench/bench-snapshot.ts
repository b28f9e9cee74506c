// A poll's snapshot parsed afresh from the server's raw answers, as every poll parses them (JSON, then the tolerant
// readers), with some monitors flipped so that successive polls differ as on a busy day.
import { parseList, readDomain, readHeartbeat, readMonitor } from '../common/api/index.ts';
import type { Snapshot } from '../main/core/model/snapshot.ts';

/**
 * `bodies`: the monitors' pages, then the heartbeats, then the domains. Poll `n` flips `flips` monitors from poll n − 1.
 * `takenAt`: the poll's time (a bench moving the clock by hand gives its own).
 */
export function snapshotFromBodies(bodies: readonly string[], n = 0, flips = 0, takenAt = Date.now()): Snapshot {
  const monitors = bodies.slice(0, -2).flatMap((body) => {
    const list = parseList(readMonitor, JSON.parse(body));
    return list.ok ? list.items : [];
  });
  for (let i = 0; n > 0 && i < flips; i++) {
    const monitor = monitors[(n * flips + i) % monitors.length];
    if (monitor !== undefined) monitor.last_status = n % 2 === 0 ? 'down' : 'up';
  }
  const heartbeats = parseList(readHeartbeat, JSON.parse(bodies.at(-2) ?? '[]'));
  const domains = parseList(readDomain, JSON.parse(bodies.at(-1) ?? '[]'));
  return { takenAt, monitors, heartbeats: heartbeats.ok ? heartbeats.items : [], domains: domains.ok ? domains.items : [], issues: [] };
}
