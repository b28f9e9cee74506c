// Enum-like fields are kept as the raw string the server sent, so a value newer than this code
// ("smtp", "paused") survives a GET → PUT round trip; these helpers say how Vigil should treat it.

/** A known value, or any other string; the `string & {}` keeps editor autocompletion for the known ones. */
export type KnownOr<Known extends string> = Known | (string & {});

export const MONITOR_TYPES = ['http', 'tcp', 'udp', 'ping', 'dns'] as const;
export type MonitorType = (typeof MONITOR_TYPES)[number];

export const MONITOR_STATUSES = ['up', 'down', 'unknown'] as const;
export type MonitorStatus = (typeof MONITOR_STATUSES)[number];

/** The handler types Vigil's own service delivers; remote servers may offer more. */
export const LOCAL_HANDLER_TYPES = ['email', 'webhook'] as const;
export type LocalHandlerType = (typeof LOCAL_HANDLER_TYPES)[number];

function isOneOf<Known extends string>(known: readonly Known[], value: unknown): value is Known {
  return (known as readonly unknown[]).includes(value);
}

export function isMonitorType(value: unknown): value is MonitorType {
  return isOneOf(MONITOR_TYPES, value);
}

export function monitorTypeOf(monitor: { type?: string | undefined }): MonitorType | 'unknown' {
  return isMonitorType(monitor.type) ? monitor.type : 'unknown';
}

/** Anything but up/down, absent included, is shown as unknown. */
export function monitorStatusOf(monitor: { last_status?: string | undefined }): MonitorStatus {
  return isOneOf(MONITOR_STATUSES, monitor.last_status) ? monitor.last_status : 'unknown';
}

/** 'unknown' means only that Vigil has no special handling for the type, not that the type is wrong. */
export function handlerTypeOf(handler: { type?: string | undefined }): LocalHandlerType | 'unknown' {
  return isOneOf(LOCAL_HANDLER_TYPES, handler.type) ? handler.type : 'unknown';
}
