// The one contract between the window and the app's core, after desktop/desktop's ipc-shared.ts: each method is
// declared once, as `{ args, result }`, and each event once, with its payload. Everything else is derived from
// these declarations: the preload bridge and the browser-mode socket (both generated from the names), the call
// server's argument check (call-check.ts), and the types of both sides.
//
// This module is free of zod at run time, so the sandboxed preload bundles it for the names. A method's `args`
// is a function of the argument schemas (contract-arguments.ts); only the call server runs it.
import type { z } from 'zod';
import type { Domain, Heartbeat, Monitor, NotificationHandler } from '../api/index.ts';
import type { ArgumentSchemas } from './contract-arguments.ts';
import type { CheckView, ExportFile, HistoryEventView, ImportReport, ItemHistoryView, ListHistoryView } from './history.ts';
import type { ItemRulesView, MaintenanceView } from './alerting.ts';
import type { HeartbeatRunsView } from './heartbeat-runs.ts';
import type { LocalServiceView, SettingsView, TestEmailView } from './settings.ts';
import type { AlertView, ConnectionTestView, ConnectionView, SourceRecognition, StatusView } from './views.ts';

type ArgumentList = [] | [z.ZodType, ...z.ZodType[]];

interface MethodDeclaration {
  /** The schemas of the arguments, in order; checked where a call arrives, before the core sees it. */
  args(schemas: ArgumentSchemas): ArgumentList;
  /** What the call resolves with: a type only (see `shape`). */
  result: unknown;
}

/** A type carried by a declaration (a result or an event's payload); nothing at run time. */
function shape<T>(): T {
  return undefined as T;
}

/** What a method with nothing to return resolves with. */
export type Done = undefined;

export const vigilMethods = {
  getStatus: { args: () => [], result: shape<StatusView>() },
  /** Refreshes one connection, or every enabled one when none is given. */
  refreshNow: { args: (s) => [s.connectionId.optional()], result: shape<Done>() },

  listConnections: { args: () => [], result: shape<ConnectionView[]>() },
  addRemoteConnection: { args: (s) => [s.newConnection], result: shape<ConnectionView>() },
  setConnectionToken: { args: (s) => [s.id, s.token], result: shape<ConnectionView>() },
  testConnection: { args: (s) => [s.connectionTest], result: shape<ConnectionTestView>() },
  setConnectionEnabled: { args: (s) => [s.id, s.z.boolean()], result: shape<ConnectionView>() },
  removeConnection: { args: (s) => [s.id], result: shape<Done>() },
  /** What answers at an address a person typed: a source's kind, or a Vigil server (nothing secret is sent). */
  recogniseSource: { args: (s) => [s.sourceAddress], result: shape<SourceRecognition>() },
  /** Watches a read-only source, saved only once it answered (its key, if any, to the keychain). */
  addSource: { args: (s) => [s.newSource], result: shape<ConnectionView>() },

  listMonitors: { args: (s) => [s.connectionId], result: shape<Monitor[]>() },
  createMonitor: { args: (s) => [s.connectionId, s.monitorCreateInput], result: shape<Monitor>() },
  updateMonitor: { args: (s) => [s.connectionId, s.id, s.monitorEdits], result: shape<Monitor>() },
  deleteMonitor: { args: (s) => [s.connectionId, s.id], result: shape<Done>() },
  listHeartbeats: { args: (s) => [s.connectionId], result: shape<Heartbeat[]>() },
  createHeartbeat: { args: (s) => [s.connectionId, s.heartbeatCreateInput], result: shape<Heartbeat>() },
  updateHeartbeat: { args: (s) => [s.connectionId, s.id, s.heartbeatEdits], result: shape<Heartbeat>() },
  deleteHeartbeat: { args: (s) => [s.connectionId, s.id], result: shape<Done>() },
  listDomains: { args: (s) => [s.connectionId], result: shape<Domain[]>() },
  createDomain: { args: (s) => [s.connectionId, s.domainCreateInput], result: shape<Domain>() },
  updateDomain: { args: (s) => [s.connectionId, s.id, s.domainEdits], result: shape<Domain>() },
  deleteDomain: { args: (s) => [s.connectionId, s.id], result: shape<Done>() },
  listNotificationHandlers: { args: (s) => [s.connectionId], result: shape<NotificationHandler[]>() },
  createNotificationHandler: { args: (s) => [s.connectionId, s.notificationHandlerCreateInput], result: shape<NotificationHandler>() },
  deleteNotificationHandler: { args: (s) => [s.connectionId, s.id], result: shape<Done>() },

  snooze: { args: (s) => [s.itemKey, s.snoozeFor], result: shape<Done>() },
  unsnooze: { args: (s) => [s.itemKey], result: shape<Done>() },
  /** "I'm on it": the item's problem stops counting and alerting until it recovers. */
  acknowledge: { args: (s) => [s.itemKey], result: shape<Done>() },
  unacknowledge: { args: (s) => [s.itemKey], result: shape<Done>() },
  pauseNotifications: { args: (s) => [s.pauseFor], result: shape<Done>() },
  /** Starts maintenance on everything, a server or an item; one window per server it covers. */
  startMaintenance: { args: (s) => [s.maintenanceTarget, s.maintenanceTiming], result: shape<MaintenanceView[]>() },
  /** Ends one window (by id), or every active window of a target. */
  endMaintenance: { args: (s) => [s.maintenanceSelector], result: shape<Done>() },
  getItemRules: { args: (s) => [s.itemKey], result: shape<ItemRulesView>() },
  /** Changes an item's delay, the kinds it tells and what it depends on; a cycle is refused, naming it. */
  setItemRules: { args: (s) => [s.itemKey, s.itemRulesPatch], result: shape<ItemRulesView>() },
  resumeNotifications: { args: () => [], result: shape<Done>() },

  getItemHistory: { args: (s) => [s.itemKey, s.pageWindow], result: shape<ItemHistoryView>() },
  /** Older checks of a monitor, newest first, before the epoch ms given (the item page's "show more"). */
  listChecks: { args: (s) => [s.itemKey, s.epochMs.optional()], result: shape<CheckView[]>() },
  /** A heartbeat's runs, newest first, before the epoch ms given (none: the newest); `supported: false` when its
   * server keeps no runs (it does not list the `cron` extension). */
  listHeartbeatRuns: { args: (s) => [s.itemKey, s.epochMs.optional()], result: shape<HeartbeatRunsView>() },
  /** What happened since the epoch ms given, on every connection, newest first. */
  listEvents: { args: (s) => [s.epochMs], result: shape<HistoryEventView[]>() },
  getListHistory: { args: () => [], result: shape<ListHistoryView>() },
  exportItemHistory: { args: (s) => [s.itemKey, s.pageWindow, s.exportFormat], result: shape<ExportFile>() },
  exportConfiguration: { args: (s) => [s.connectionId], result: shape<ExportFile>() },
  importConfiguration: { args: (s) => [s.connectionId, s.configurationText, s.z.object({ dryRun: s.z.boolean() })], result: shape<ImportReport>() },
  /** One connection's monitors and heartbeats (a source's, as far as it says what it checks) into another server, as an import. */
  copyConfiguration: { args: (s) => [s.connectionId, s.connectionId, s.z.object({ dryRun: s.z.boolean() })], result: shape<ImportReport>() },

  getSettings: { args: () => [], result: shape<SettingsView>() },
  updateSettings: { args: (s) => [s.settingsPatch], result: shape<SettingsView>() },
  getLocalService: { args: () => [], result: shape<LocalServiceView>() },
  /** null removes the SMTP server (email handlers then cannot send). */
  setLocalSmtp: { args: (s) => [s.smtpInput.nullable()], result: shape<LocalServiceView>() },
  sendTestEmail: { args: (s) => [s.testEmail], result: shape<TestEmailView>() },
} satisfies Record<string, MethodDeclaration>;

/** Events the core sends to every window: name → payload. */
export const coreEvents = {
  onDidChangeStatus: shape<StatusView>(),
  onAlert: shape<AlertView>(),
};

/** Events a shell sends to its own window from the operating system (a notification or tray click). */
export const shellEvents = {
  /** Open an item's page; `itemKey` is a server item key. */
  onOpenItem: shape<{ itemKey: string }>(),
  /** Open the settings of a connection (a tray click on "Can't reach Work" or "Work: sign in again"). */
  onOpenSettings: shape<{ connectionId: string }>(),
};

type Methods = typeof vigilMethods;
type Input<Schema> = Schema extends z.ZodType ? z.input<Schema> : never;
type Output<Schema> = Schema extends z.ZodType ? z.output<Schema> : never;
type Optional = z.ZodOptional<z.ZodType>;
// A last argument whose schema is optional may be left out (`refreshNow()` and `refreshNow(connectionId)`); the call
// check (call-check.ts) then passes undefined for it.
type InputsOf<Schemas extends unknown[]> = Schemas extends [infer Only extends Optional]
  ? [Input<Only>?]
  : Schemas extends [infer First, infer Last extends Optional]
    ? [Input<First>, Input<Last>?]
    : { [I in keyof Schemas]: Input<Schemas[I]> };
type OutputsOf<Schemas extends unknown[]> = Schemas extends [infer Only extends Optional]
  ? [Output<Only>?]
  : Schemas extends [infer First, infer Last extends Optional]
    ? [Output<First>, Output<Last>?]
    : { [I in keyof Schemas]: Output<Schemas[I]> };

export type VigilMethod = keyof Methods;
/** A method's arguments as a caller passes them. */
export type VigilArgs<M extends VigilMethod> = InputsOf<ReturnType<Methods[M]['args']>>;
/** A method's arguments as the check hands them on (trimmed, defaults filled in). */
export type CheckedArgs<M extends VigilMethod> = OutputsOf<ReturnType<Methods[M]['args']>>;
export type VigilResult<M extends VigilMethod> = Methods[M]['result'];

export type CoreEvent = keyof typeof coreEvents;
export type ShellEvent = keyof typeof shellEvents;
export type WindowEvent = CoreEvent | ShellEvent;
export type EventPayload<E extends WindowEvent> = E extends CoreEvent ? (typeof coreEvents)[E] : E extends ShellEvent ? (typeof shellEvents)[E] : never;

/** The methods as a caller in front of the call check sees them: every one async. */
export type VigilCalls = { [M in VigilMethod]: (...args: VigilArgs<M>) => Promise<VigilResult<M>> };

/** The methods as the core implements them: behind the call check, so with checked arguments. */
export type CoreCalls = { [M in VigilMethod]: (...args: CheckedArgs<M>) => Promise<VigilResult<M>> };

/** What the window gets: the methods, plus a subscription per event (returning its unsubscribe). */
export type VigilApi = VigilCalls & {
  [E in WindowEvent]: (listener: (payload: EventPayload<E>) => void) => () => void;
};

export const methodNames = Object.keys(vigilMethods) as VigilMethod[];
export const coreEventNames = Object.keys(coreEvents) as CoreEvent[];
export const windowEventNames = [...coreEventNames, ...(Object.keys(shellEvents) as ShellEvent[])];

/** IPC channel names carry a prefix, so nothing else on the channel space can be mistaken for the contract. */
export function channelOf(name: VigilMethod | WindowEvent): string {
  return `vigil:${name}`;
}

/**
 * Not a method of `window.vigil`: only the preload sends it, with the address of a link the person clicked that
 * leaves the app (preload/link-clicks.ts), so the page's own code cannot open anything in the browser by itself.
 */
export const clickedLinkChannel = 'vigil:open-clicked-link';

export const callErrorCodes = ['invalid-arguments', 'unknown-method', 'forbidden', 'failed'] as const;

/** A failed call as it crosses the boundary, and as both transports reject: a code and one sentence, never a stack. */
export interface VigilCallError {
  code: (typeof callErrorCodes)[number];
  message: string;
  /** Per field, for a refused form: `0.url` is the first argument's `url`. */
  details?: { field: string; message: string }[];
}

/** What the call server answers, as data: an Error object would not survive the trip to the page. */
export type CallResult = { ok: true; value: unknown } | { ok: false; error: VigilCallError };
