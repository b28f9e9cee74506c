// The settings' connections changed in one place, for the window's calls and the command line (`vigil login`,
// `vigil logout`), so both save and forget a connection the same way.
import { parseServerItemKey } from '../../../common/ipc/item-key.ts';
import type { Connection, Settings } from './settings-schema.ts';

/** The settings with `connection` saved: in its place when its id is saved already, else after the others. */
export function withConnection(settings: Settings, connection: Connection): Settings {
  const saved = settings.connections.some((c) => c.id === connection.id);
  const connections = saved ? settings.connections.map((c) => (c.id === connection.id ? connection : c)) : [...settings.connections, connection];
  return { ...settings, connections };
}

/** The settings without the connection, and without what they kept of its items (snoozes, acknowledgements, fields). */
export function withoutConnection(settings: Settings, id: string): Settings {
  const elsewhere = (key: string) => parseServerItemKey(key)?.connectionId !== id;
  return {
    ...settings,
    connections: settings.connections.filter((c) => c.id !== id),
    snoozes: settings.snoozes.filter((snooze) => elsewhere(snooze.key)),
    acknowledgements: settings.acknowledgements.filter((acknowledgement) => elsewhere(acknowledgement.key)),
    keptFields: Object.fromEntries(Object.entries(settings.keptFields).filter(([key]) => elsewhere(key))),
  };
}

/** The origins of the sources the person configured at plain http addresses: the only http links Vigil opens. */
export function sourceHttpOrigins(settings: Settings): string[] {
  return settings.connections.flatMap((c) => (c.sourceKind !== 'vigil' && c.baseUrl.startsWith('http:') ? [new URL(c.baseUrl).origin] : []));
}
