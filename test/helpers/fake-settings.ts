// The settings and local-SMTP methods of the contract over plain in-memory state, for the fake core of browser
// tests: the same merge and the same user/password rule as the real core, no files, no keychain, no mail.
import type { CoreCalls } from '../../common/ipc/contract.ts';
import { DEFAULT_ALERTING, DEFAULT_QUIET_HOURS } from '../../common/ipc/alerting.ts';
import { NOTIFICATION_DEFAULTS, type AboutView, type LocalServiceView, type SettingsView, type SmtpInput } from '../../common/ipc/settings.ts';
import { VigilCoreError } from '../../main/core/calls/call-error.ts';

type SettingsMethods = Pick<CoreCalls, 'getSettings' | 'updateSettings' | 'getLocalService' | 'setLocalSmtp' | 'sendTestEmail'>;

export function fakeSettingsMethods(about: AboutView = { version: '0.1.0-test', shell: 'browser' }): SettingsMethods {
  let settings: Omit<SettingsView, 'about'> = {
    pollIntervalSeconds: 60,
    domainThresholds: [30, 14, 7, 1],
    heartbeatGraceSeconds: 300,
    notifications: { ...NOTIFICATION_DEFAULTS },
    quietHours: structuredClone(DEFAULT_QUIET_HOURS),
    alerting: structuredClone(DEFAULT_ALERTING),
    timeZone: 'Europe/Berlin',
    launchAtLogin: false,
    secrets: { where: 'keychain', keychainName: 'Secret Service' },
  };
  let local: LocalServiceView = { available: true };
  let password: string | undefined;

  const view = (): SettingsView => structuredClone({ ...settings, about });
  const refuse = (field: 'user' | 'password', message: string, sentence: string) =>
    new VigilCoreError(`The SMTP server was not saved: ${sentence}.`, { details: [{ field: `0.${field}`, message }] });

  return {
    async getSettings() {
      return view();
    },
    async updateSettings(patch) {
      const { notifications = {}, ...fields } = patch;
      const defined = <T extends object>(value: T) => Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined));
      settings = { ...settings, ...defined(fields), notifications: { ...settings.notifications, ...defined(notifications) } };
      return view();
    },
    async getLocalService() {
      return structuredClone(local);
    },
    async setLocalSmtp(input: SmtpInput | null) {
      if (input === null) {
        local = { available: true };
        password = undefined;
        return structuredClone(local);
      }
      const { password: given, user: name, ...server } = input;
      const user = name?.trim() || undefined;
      if (user !== undefined && given === null) {
        throw refuse('password', 'cannot be removed while a user name is set', 'the password cannot be removed while a user name is set');
      }
      if (user !== undefined && given === undefined && password === undefined) {
        throw refuse('password', 'must be given with a user name: none is saved', 'a user name needs a password, and none is saved');
      }
      if (user === undefined && typeof given === 'string') throw refuse('user', 'must be given with a password', 'a password needs a user name');
      password = user === undefined ? undefined : (given ?? password);
      local = { available: true, smtp: { ...server, ...(user === undefined ? {} : { user }), passwordSaved: password !== undefined } };
      return structuredClone(local);
    },
    async sendTestEmail({ to }) {
      const smtp = local.smtp;
      if (smtp === undefined) return { ok: false, message: "No SMTP server is set up: save the local monitoring service's SMTP server first." };
      return { ok: true, message: `${smtp.host}:${smtp.port} accepted the test email to ${to}: 250 Accepted.` };
    },
  };
}
