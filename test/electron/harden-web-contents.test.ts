import { describe, expect, it, vi } from 'vitest';
import { limitPagePermissions } from '../../main/electron/security/page-permissions.ts';
import { hardenWebContents, type HardenableContents } from '../../main/electron/security/harden-web-contents.ts';
import { recordingLogger } from '../helpers/recording-logger.ts';
import { cancelable, FakeEmitter } from './fakes.ts';

function hardened() {
  const contents = new FakeEmitter() as FakeEmitter & { openHandler?: (details: { url: string }) => { action: 'deny' } };
  const fake = Object.assign(contents, {
    setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }) {
      contents.openHandler = handler;
    },
  });
  const logger = recordingLogger();
  hardenWebContents(fake as unknown as HardenableContents, { logger });
  return { contents, logger };
}

// Nothing here opens a browser: a link the person clicked arrives through the preload (clicked-links.test.ts), and
// the composed app proves a navigation no click started never reaches shell.openExternal (desktop-app.test.ts).
describe('hardenWebContents', () => {
  it.each(['https://vigil.example/docs', 'app://vigil/other.html', 'file:///etc/passwd', 'http://example.com/', 'javascript:alert(1)', 'smb://host/share'])(
    'refuses a navigation to %s and logs only its scheme',
    (url) => {
      const { contents, logger } = hardened();
      const event = cancelable({ url });
      contents.emit('will-navigate', event);
      expect(event.defaultPrevented).toBe(true);
      expect(logger.entries.map((entry) => entry.message)).toEqual(['Refused a navigation of the app window that no click on a link started.']);
      expect(logger.text()).not.toContain(url);
    },
  );

  it('denies every new window, https or not', () => {
    const { contents, logger } = hardened();
    expect(contents.openHandler?.({ url: 'https://example.com/?token=abc' })).toEqual({ action: 'deny' });
    expect(contents.openHandler?.({ url: 'file:///C:/Windows/System32/calc.exe' })).toEqual({ action: 'deny' });
    expect(logger.entries.map((entry) => entry.message)).toEqual(['Refused a new window that no click on a link started.', 'Refused a new window that no click on a link started.']);
    expect(logger.text()).not.toContain('token=abc');
  });

  it('refuses redirects and <webview>', () => {
    const { contents } = hardened();
    const redirect = cancelable({ url: 'https://example.com/' });
    const webview = cancelable();
    contents.emit('will-redirect', redirect);
    contents.emit('will-attach-webview', webview);
    expect(redirect.defaultPrevented).toBe(true);
    expect(webview.defaultPrevented).toBe(true);
  });
});

describe('limitPagePermissions', () => {
  const appPage = 'app://vigil/index.html';

  function handlersOf() {
    const handlers: Record<string, (...args: never[]) => unknown> = {};
    limitPagePermissions({
      setPermissionRequestHandler: (handler) => (handlers.request = handler),
      setPermissionCheckHandler: (handler) => (handlers.check = handler),
      setDevicePermissionHandler: (handler) => (handlers.device = handler),
    });
    const request = (permission: string, requestingUrl = appPage) => {
      const callback = vi.fn();
      (handlers.request as (contents: unknown, permission: string, callback: (granted: boolean) => void, details: { requestingUrl: string }) => void)(
        {},
        permission,
        callback,
        { requestingUrl },
      );
      return callback.mock.calls[0]?.[0] as boolean | undefined;
    };
    const check = (permission: string, requestingOrigin = 'app://vigil') =>
      (handlers.check as (contents: unknown, permission: string, requestingOrigin: string) => boolean)({}, permission, requestingOrigin);
    return { request, check, device: handlers.device as () => boolean };
  }

  it('answers every permission request, check and device request with no', () => {
    const { request, check, device } = handlersOf();
    for (const permission of ['notifications', 'media', 'geolocation', 'clipboard-read', 'openExternal', 'fullscreen']) {
      expect(request(permission)).toBe(false);
      expect(check(permission)).toBe(false);
    }
    expect(device()).toBe(false);
  });

  it("lets the app's page write to the clipboard (its Copy buttons), never read it", () => {
    const { request, check } = handlersOf();
    expect(request('clipboard-sanitized-write')).toBe(true);
    expect(check('clipboard-sanitized-write')).toBe(true);
    expect(request('clipboard-read')).toBe(false);
  });

  it('lets no other page write to the clipboard', () => {
    const { request, check } = handlersOf();
    for (const url of ['https://example.com/', 'app://evil/index.html', 'file:///etc/passwd', 'app://user@vigil/', 'not a url', '']) {
      expect(request('clipboard-sanitized-write', url)).toBe(false);
      expect(check('clipboard-sanitized-write', url)).toBe(false);
    }
  });
});
