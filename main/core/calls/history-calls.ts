// The contract's calls about one item's history: its page, older checks of a monitor, and the page as a file. Items
// are named by server item key (`work/monitor:42`): the server's session answers for its own item.
import type { CoreCalls } from '../../../common/ipc/contract.ts';
import type { ItemHistoryView, ItemPageWindow } from '../../../common/ipc/history.ts';
import type { CoreRuntime } from '../app/core-runtime.ts';
import { itemName } from '../health/index.ts';
import { itemHistoryFile } from '../history/history-export.ts';
import { buildItemHistory } from '../history/item-history.ts';
import { itemSince } from '../history/item-since.ts';
import { checkView } from '../history/server-history.ts';
import { olderSourceChecks } from '../history/source-history.ts';
import { alertPreferencesFrom } from '../settings/alert-preferences.ts';
import { VigilCoreError } from './call-error.ts';
import { currentItem, historyServer, itemHistoryServer, itemSourceHistory, recordSource } from './history-context.ts';
import { serverItemRef } from './server-item-ref.ts';

/** Checks per "show more". */
const checksPerPage = 50;

export function historyCalls(runtime: CoreRuntime) {
  async function itemHistory(key: string, window: ItemPageWindow): Promise<ItemHistoryView> {
    const { connectionId, itemKey, item: ref } = serverItemRef(key, runtime.settings.read());
    const session = runtime.session(connectionId);
    const now = runtime.clock.now();
    const preferences = alertPreferencesFrom(runtime.settings.read());
    const item = currentItem(runtime, session, itemKey, now);
    const view = await buildItemHistory({
      connection: session.connection,
      key: itemKey,
      window,
      now,
      item,
      name: item === undefined ? undefined : itemName(item),
      since: item === undefined ? undefined : itemSince(item, session.recorder?.recordedSince(item), now, preferences.thresholds),
      server: await itemHistoryServer(session),
      sourceHistory: itemSourceHistory(session),
      record: recordSource(runtime, session),
      graceSeconds: preferences.heartbeatGraceSeconds,
    });
    if (view === undefined) throw new VigilCoreError(`${session.connection.name} has no ${ref.kind} "${'id' in ref ? ref.id : ref.name}", and Vigil has no record of one.`);
    return view;
  }

  return {
    getItemHistory: itemHistory,

    async listChecks(key, before) {
      const { connectionId, item: ref } = serverItemRef(key, runtime.settings.read());
      const sourceHistory = ref.kind === 'source' ? itemSourceHistory(runtime.session(connectionId)) : undefined;
      // A source's results are its checks: older ones are read from its history again.
      if (sourceHistory !== undefined && 'id' in ref) return olderSourceChecks(sourceHistory, ref.id, before, checksPerPage);
      if (ref.kind !== 'monitor' || !('id' in ref)) throw new VigilCoreError('Only a monitor, or a source item whose source keeps its results, has checks.');
      const server = await historyServer(runtime.session(connectionId));
      // A server without history keeps no checks: there are none to show.
      if (server === undefined) return [];
      return (await server.listChecks(ref.id, { before, limit: checksPerPage })).items.flatMap(checkView);
    },

    async exportItemHistory(key, window, format) {
      return itemHistoryFile(await itemHistory(key, window), format, runtime.clock.now());
    },
  } satisfies Partial<CoreCalls>;
}
