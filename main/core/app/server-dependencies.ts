// What one connection's items depend on, where the server keeps it (the dependencies extension,
// docs/api-decisions.md §18): the server's answer to each poll, a change Vigil made shown at once, and the
// dependencies Vigil's settings kept for this server before it offered the extension moved onto it on first sight.
// Where the server does not keep them, the settings do (settings.dependencies), and none of this applies.
import { DEPENDENCIES_EXTENSION, type Dependency } from '../../../common/api/dependencies.ts';
import type { Clock } from '../../../common/clock.ts';
import { parseServerItemKey, serverItemKey } from '../../../common/ipc/item-key.ts';
import type { Logger } from '../../../common/logger.ts';
import { MonitoringClientError, type MonitoringClient } from '../api/index.ts';
import type { Snapshot } from '../model/snapshot.ts';
import type { SettingsStore } from '../settings/settings-store.ts';
import type { ServerCapabilities } from './server-capabilities.ts';

export interface ServerDependenciesOptions {
  connectionId: string;
  connectionName: string;
  client: MonitoringClient;
  capabilities: ServerCapabilities;
  settings: SettingsStore;
  clock: Pick<Clock, 'now'>;
  logger: Logger;
  /** What the status shows changed (a dependency set or moved). */
  onChange(): void;
}

/** The server's refusal of a dependency (its item gone, or a cycle), as opposed to failing to hear it. */
const refusals = new Set(['bad-request', 'not-found']);

export class ServerDependencies {
  readonly #options: ServerDependenciesOptions;
  /** Child → parent by the connection's own keys (`monitor:42`), as the server last answered; undefined: none yet. */
  #parentOf: ReadonlyMap<string, string> | undefined;
  #answer: string | undefined;
  /** When Vigil last changed one: a poll begun before that carries an older list. */
  #changedAt = -Infinity;
  #moving = false;

  constructor(options: ServerDependenciesOptions) {
    this.#options = options;
  }

  /** Whether the server keeps this connection's dependencies (it lists the extension); else Vigil's settings do. */
  keptByServer(): boolean {
    return this.#options.capabilities.current?.extensions.includes(DEPENDENCIES_EXTENSION) === true;
  }

  /**
   * The server's dependencies by own keys, the same map while they are unchanged; undefined where it keeps none, and
   * until it has first answered (the settings' stand meanwhile: they are moved onto it with that answer).
   */
  onServer(): ReadonlyMap<string, string> | undefined {
    return this.keptByServer() ? this.#parentOf : undefined;
  }

  /** A poll's answer, unless it is the same as before or older than a change Vigil made since. */
  answered(snapshot: Snapshot): void {
    const listed = snapshot.dependencies;
    if (listed === undefined || (snapshot.startedAt ?? snapshot.takenAt) < this.#changedAt) return;
    const answer = JSON.stringify(listed);
    if (answer !== this.#answer) {
      this.#answer = answer;
      this.#parentOf = serverParents(listed);
    }
    this.#moveFromSettings();
  }

  /** Sets (or, with undefined, removes) what `itemKey` depends on, on the server; its refusal is thrown as it came. */
  async set(itemKey: string, parentKey: string | undefined): Promise<void> {
    const { client } = this.#options;
    if (parentKey === undefined) await client.removeDependency(itemKey);
    else await client.setDependency(itemKey, parentKey);
    const next = new Map(this.#parentOf);
    if (parentKey === undefined) next.delete(itemKey);
    else next.set(itemKey, parentKey);
    this.#parentOf = next;
    this.#answer = undefined;
    this.#changedAt = this.#options.clock.now();
    this.#options.onChange();
  }

  /**
   * Dependencies the settings kept for this server (set before it offered the extension) are moved onto it, each
   * taken out of the settings once the server has it, so none is lost. One the server refuses (its item deleted
   * meanwhile, or a cycle with one set there) is dropped with a line in the log; one that could not be sent stays
   * for the next poll.
   */
  #moveFromSettings(): void {
    const { settings, connectionId, connectionName, logger } = this.#options;
    if (this.#moving) return;
    const kept = Object.entries(settings.read().dependencies).flatMap(([child, parent]) => {
      const childRef = parseServerItemKey(child);
      const parentRef = parseServerItemKey(parent);
      return childRef?.connectionId === connectionId && parentRef?.connectionId === connectionId ? [[childRef.itemKey, parentRef.itemKey] as const] : [];
    });
    if (kept.length === 0) return;
    this.#moving = true;
    void (async () => {
      let moved = 0;
      for (const [child, parent] of kept) {
        try {
          await this.set(child, parent);
          moved += 1;
        } catch (error) {
          if (!(error instanceof MonitoringClientError) || !refusals.has(error.info.kind)) continue;
          logger.warn(`A dependency Vigil kept for ${connectionName} was refused by the server and dropped.`, { item: child, dependsOn: parent, reason: error.info.message });
        }
        settings.update((current) => {
          const { [serverItemKey(connectionId, child)]: _moved, ...rest } = current.dependencies;
          return { ...current, dependencies: rest };
        });
      }
      if (moved > 0) logger.info(`${moved} of the dependencies Vigil kept for ${connectionName} are now kept by the server.`);
    })().finally(() => {
      this.#moving = false;
    });
  }
}

/** A server's answer as child → parent by the connection's own keys (`monitor:42` → `monitor:7`). */
export function serverParents(listed: readonly Dependency[]): Map<string, string> {
  const parents = new Map<string, string>();
  for (const { item, depends_on: parent } of listed) if (item !== undefined && parent !== undefined) parents.set(item, parent);
  return parents;
}
