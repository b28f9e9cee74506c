// Vigil's page needs no browser permission (no camera, geolocation, notifications, clipboard reads, devices) but
// one: writing text to the clipboard, for its Copy buttons (ping URLs, crontab lines, the log file's path). That
// one is granted only to the app's own page (app://vigil); every other request and check is answered "no".
// Native notifications come from the main process, not the page.
import { isAppUrl } from './app-protocol.ts';

export interface PermissionSession {
  setPermissionRequestHandler(
    handler: (contents: unknown, permission: string, callback: (granted: boolean) => void, details: { requestingUrl: string }) => void,
  ): void;
  setPermissionCheckHandler(handler: (contents: unknown, permission: string, requestingOrigin: string) => boolean): void;
  setDevicePermissionHandler(handler: () => boolean): void;
}

/** Writing (never reading) the clipboard, which Chromium only allows in answer to a click or key press. */
const grantedPermissions: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

/** `url` is the requesting page's address (a request) or origin (a check); both name app://vigil for the app. */
function granted(permission: string, url: string): boolean {
  return grantedPermissions.has(permission) && isAppUrl(url);
}

export function limitPagePermissions(session: PermissionSession): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => callback(granted(permission, details.requestingUrl)));
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => granted(permission, requestingOrigin));
  session.setDevicePermissionHandler(() => false);
}
