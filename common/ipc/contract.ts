// The one IPC contract between the window and the app's core. Each method's arguments are a zod tuple, checked
// on the receiving side (main process or browser-mode server) before the core sees them; both transports — the
// Electron preload bridge and the WebSocket of browser mode — are generated from `vigilMethods` and `vigilEvents`.
import { z } from 'zod';
import {
  domainCreateInput,
  heartbeatCreateInput,
  monitorCreateInput,
  notificationHandlerCreateInput,
  type Domain,
  type Heartbeat,
  type Monitor,
  type NotificationHandler,
} from '../api/index.ts';
import {
  SETTINGS_BOUNDS,
  settingsPatchSchema,
  smtpInputSchema,
  testEmailSchema,
  type LocalServiceView,
  type SettingsView,
  type TestEmailView,
} from './settings.ts';
import type { AlertView, ConnectionTestView, ConnectionView, StatusView } from './views.ts';

const id = z.string().min(1).max(500);
const token = z.string().min(1).max(16_384).regex(/^\S+$/, 'must be one word with no spaces');
const baseUrl = z.string().min(1).max(2048).regex(/^https?:\/\//, 'must start with http:// or https://');
const snoozeFor = z.union([z.literal('1h'), z.literal('4h'), z.literal('8h'), z.literal('until-resumed')]);
const pauseFor = z.union([z.literal('1h'), z.literal('4h'), z.literal('until-resumed')]);
/** PUT /monitors takes the full Monitor; its bounds are checked where the body is built (buildMonitorPutBody). */
const monitorPut = z.record(z.string(), z.unknown());

/** Method name → the zod schema of its arguments. */
export const vigilMethods = {
  getStatus: z.tuple([]),
  refreshNow: z.tuple([]),

  listConnections: z.tuple([]),
  addRemoteConnection: z.tuple([z.object({ name: z.string().trim().min(1).max(SETTINGS_BOUNDS.connectionNameLength), baseUrl, token })]),
  setConnectionToken: z.tuple([id, token]),
  testConnection: z.tuple([z.object({ baseUrl, token: token.optional(), connectionId: id.optional() })]),
  setActiveConnection: z.tuple([id]),
  removeConnection: z.tuple([id]),

  listMonitors: z.tuple([]),
  createMonitor: z.tuple([monitorCreateInput]),
  updateMonitor: z.tuple([id, monitorPut]),
  deleteMonitor: z.tuple([id]),
  listHeartbeats: z.tuple([]),
  createHeartbeat: z.tuple([heartbeatCreateInput]),
  deleteHeartbeat: z.tuple([id]),
  listDomains: z.tuple([]),
  createDomain: z.tuple([domainCreateInput]),
  deleteDomain: z.tuple([id]),
  listNotificationHandlers: z.tuple([]),
  createNotificationHandler: z.tuple([notificationHandlerCreateInput]),
  deleteNotificationHandler: z.tuple([id]),

  snooze: z.tuple([z.string().min(1).max(500), snoozeFor]),
  unsnooze: z.tuple([z.string().min(1).max(500)]),
  pauseNotifications: z.tuple([pauseFor]),
  resumeNotifications: z.tuple([]),

  getSettings: z.tuple([]),
  updateSettings: z.tuple([settingsPatchSchema]),
  getLocalService: z.tuple([]),
  /** null removes the SMTP server (email handlers then cannot send). */
  setLocalSmtp: z.tuple([smtpInputSchema.nullable()]),
  sendTestEmail: z.tuple([testEmailSchema]),
} as const;

export type VigilMethod = keyof typeof vigilMethods;
export type VigilArgs<M extends VigilMethod> = z.input<(typeof vigilMethods)[M]>;

/** What a method with nothing to return resolves with. */
export type Done = undefined;

/** What each method resolves with. */
export interface VigilResults {
  getStatus: StatusView;
  refreshNow: Done;
  listConnections: ConnectionView[];
  addRemoteConnection: ConnectionView;
  setConnectionToken: ConnectionView;
  testConnection: ConnectionTestView;
  setActiveConnection: Done;
  removeConnection: Done;
  listMonitors: Monitor[];
  createMonitor: Monitor;
  updateMonitor: Monitor;
  deleteMonitor: Done;
  listHeartbeats: Heartbeat[];
  createHeartbeat: Heartbeat;
  deleteHeartbeat: Done;
  listDomains: Domain[];
  createDomain: Domain;
  deleteDomain: Done;
  listNotificationHandlers: NotificationHandler[];
  createNotificationHandler: NotificationHandler;
  deleteNotificationHandler: Done;
  snooze: Done;
  unsnooze: Done;
  pauseNotifications: Done;
  resumeNotifications: Done;
  getSettings: SettingsView;
  updateSettings: SettingsView;
  getLocalService: LocalServiceView;
  setLocalSmtp: LocalServiceView;
  sendTestEmail: TestEmailView;
}

/** The service as the window calls it: every method async, arguments as the schemas take them. */
export type VigilService = { [M in VigilMethod]: (...args: VigilArgs<M>) => Promise<VigilResults[M]> };

/** Events to the window: name → payload. `onOpenItem` comes from the shell (a notification or tray click). */
export interface VigilEventPayloads {
  onDidChangeStatus: StatusView;
  onAlert: AlertView;
  onOpenItem: { itemKey: string };
}
export type VigilEvent = keyof VigilEventPayloads;
export const vigilEvents = ['onDidChangeStatus', 'onAlert', 'onOpenItem'] as const satisfies readonly VigilEvent[];

/** What the window gets: the service plus a subscription per event (returning its unsubscribe). */
export type VigilApi = VigilService & {
  [E in VigilEvent]: (listener: (payload: VigilEventPayloads[E]) => void) => () => void;
};

/** IPC channel names carry a prefix, so nothing else on the channel space can be mistaken for the contract. */
export const channelPrefix = 'vigil:';
export const channelOf = (name: VigilMethod | VigilEvent) => `${channelPrefix}${name}`;

/** A failed call as it crosses the boundary: a code and one sentence, never a stack. */
export interface VigilCallError {
  code: 'invalid-arguments' | 'unknown-method' | 'forbidden' | 'failed';
  message: string;
  details?: { field: string; message: string }[];
}

/** Checks a call's arguments against the contract; the error names each bad argument. */
export function checkCall(method: string, args: unknown): { ok: true; method: VigilMethod; args: unknown[] } | { ok: false; error: VigilCallError } {
  if (!Object.hasOwn(vigilMethods, method)) return { ok: false, error: { code: 'unknown-method', message: `There is no method "${method.slice(0, 100)}".` } };
  const schema = vigilMethods[method as VigilMethod];
  const result = schema.safeParse(args);
  if (result.success) return { ok: true, method: method as VigilMethod, args: result.data as unknown[] };
  const details = result.error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }));
  return { ok: false, error: { code: 'invalid-arguments', message: `${method} was called with invalid arguments.`, details } };
}
