// The contract's settings calls: the settings the window shows (with the shell's About), and a change of any
// subset of them saved to settings.json. The runtime follows the file, so a change applies at once: a new poll
// interval reschedules the poller, thresholds and grace re-judge the status.
import type { CheckedArgs, CoreCalls } from '../../../common/ipc/contract.ts';
import type { SecretsView, SettingsView } from '../../../common/ipc/settings.ts';
import { keychainName, type SecretStore } from '../secrets/secret-store.ts';
import type { CoreRuntime } from '../app/core-runtime.ts';
import type { Settings } from '../settings/settings-schema.ts';

type SettingsPatch = CheckedArgs<'updateSettings'>[0];

export function settingsCalls(runtime: CoreRuntime) {
  const view = (settings: Settings): SettingsView => ({
    pollIntervalSeconds: settings.pollIntervalSeconds,
    domainThresholds: settings.domainThresholds,
    heartbeatGraceSeconds: settings.heartbeatGraceSeconds,
    notifications: settings.notifications,
    quietHours: settings.quietHours,
    alerting: settings.alerting,
    timeZone: runtime.timeZone(),
    launchAtLogin: settings.launchAtLogin,
    secrets: secretsView(runtime.secrets),
    about: { ...runtime.about },
  });
  return {
    getSettings: async () => view(runtime.settings.read()),
    updateSettings: async (patch) => {
      runtime.settings.update((current) => patched(current, patch));
      // Read back: a listener (the desktop's launch at login) may have put a value back.
      return view(runtime.settings.read());
    },
  } satisfies Partial<CoreCalls>;
}

function secretsView(store: SecretStore): SecretsView {
  if (store.kind === 'os-keychain') return { where: 'keychain', keychainName: keychainName() };
  return { where: 'session', keychainName: keychainName(), reason: store.keychainUnavailable ?? 'Vigil was started without it' };
}

/** The fields the patch names replace the current ones; notifications change flag by flag. */
function patched(current: Settings, patch: SettingsPatch): Settings {
  const { notifications = {}, ...fields } = patch;
  return { ...current, ...defined(fields), notifications: { ...current.notifications, ...defined(notifications) } };
}

function defined<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}
