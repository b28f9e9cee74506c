// What a server item key the window sent points at (`work/monitor:42`), or one clear sentence why it points nowhere.
import { parseServerItemKey, type ServerItemRef } from '../../../common/ipc/item-key.ts';
import type { Settings } from '../settings/settings-schema.ts';
import { VigilCoreError } from './call-error.ts';

/** The item and its connection, which must be one of the settings' (turned on or not). */
export function serverItemRef(key: string, settings: Settings): ServerItemRef {
  const ref = parseServerItemKey(key);
  if (ref === undefined) throw new VigilCoreError(`"${key.slice(0, 100)}" does not name a monitor, heartbeat or domain on a server.`);
  if (!settings.connections.some((connection) => connection.id === ref.connectionId)) {
    throw new VigilCoreError(`There is no connection with the id "${ref.connectionId.slice(0, 100)}".`);
  }
  return ref;
}
