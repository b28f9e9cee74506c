// The settings port and its file-backed implementation (settings.json, shared by the app and the CLI; an older
// version's file is upgraded as it is read).
import type { Clock } from '../../../common/clock.ts';
import type { Logger } from '../../../common/logger.ts';
import { JsonFileStore, type ChangeListener } from '../storage/json-file-store.ts';
import { settingsSchema, type Settings } from './settings-schema.ts';
import { upgradeSettings } from './settings-upgrade.ts';

export interface SettingsStore {
  /** The current settings, defaults filled in. */
  read(): Settings;
  /** Applies a change and saves it; throws InvalidValueError (naming the field, nothing saved) if invalid. */
  update(change: (current: Settings) => Settings): Settings;
  /** Called after every update that changed something; returns the unsubscribe function. */
  onDidChange(listener: ChangeListener<Settings>): () => void;
}

export interface FileSettingsStoreOptions {
  /** Electron: `app.getPath('userData')`; plain Node: `defaultSettingsDir()`. */
  directory: string;
  logger: Logger;
  clock?: Pick<Clock, 'now'>;
}

export class FileSettingsStore extends JsonFileStore<Settings> implements SettingsStore {
  constructor(options: FileSettingsStoreOptions) {
    super({ ...options, name: 'settings', schema: settingsSchema, upgrade: upgradeSettings });
  }
}
