// Vigil's page needs no browser permission (no camera, geolocation, notifications, clipboard reads, devices) but
// one: writing text to the clipboard, for its Copy buttons (ping URLs, crontab lines, the log file's path). Every
// other request and check is answered "no". Native notifications come from the main process, not the page.
export interface PermissionSession {
  setPermissionRequestHandler(handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void): void;
  setPermissionCheckHandler(handler: (contents: unknown, permission: string) => boolean): void;
  setDevicePermissionHandler(handler: () => boolean): void;
}

/** Writing (never reading) the clipboard, which Chromium only allows in answer to a click or key press. */
const grantedPermissions: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

export function limitPagePermissions(session: PermissionSession): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => callback(grantedPermissions.has(permission)));
  session.setPermissionCheckHandler((_contents, permission) => grantedPermissions.has(permission));
  session.setDevicePermissionHandler(() => false);
}
