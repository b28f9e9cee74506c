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
  const openExternal = vi.fn(async (_url: string) => {});
  const logger = recordingLogger();
  hardenWebContents(fake as unknown as HardenableContents, { openExternal, logger });
  return { contents, openExternal, logger };
}

describe('hardenWebContents', () => {
  it('refuses every navigation; an https link opens in the browser instead', () => {
    const { contents, openExternal } = hardened();
    const toHttps = cancelable({ url: 'https://vigil.example/docs' });
    const toApp = cancelable({ url: 'app://vigil/other.html' });
    contents.emit('will-navigate', toHttps);
    contents.emit('will-navigate', toApp);
    expect(toHttps.defaultPrevented).toBe(true);
    expect(toApp.defaultPrevented).toBe(true);
    expect(openExternal.mock.calls).toEqual([['https://vigil.example/docs']]);
  });

  it.each(['file:///etc/passwd', 'http://example.com/', 'javascript:alert(1)', 'smb://host/share'])(
    'drops a navigation to %s and logs only its scheme',
    (url) => {
      const { contents, openExternal, logger } = hardened();
      const event = cancelable({ url });
      contents.emit('will-navigate', event);
      expect(event.defaultPrevented).toBe(true);
      expect(openExternal).not.toHaveBeenCalled();
      expect(logger.text()).not.toContain(url);
    },
  );

  it('denies every new window; https ones open in the browser, others are dropped', () => {
    const { contents, openExternal } = hardened();
    expect(contents.openHandler?.({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    expect(contents.openHandler?.({ url: 'file:///C:/Windows/System32/calc.exe' })).toEqual({ action: 'deny' });
    expect(openExternal.mock.calls).toEqual([['https://example.com/']]);
  });

  it('refuses redirects and <webview>', () => {
    const { contents, openExternal } = hardened();
    const redirect = cancelable({ url: 'https://example.com/' });
    const webview = cancelable();
    contents.emit('will-redirect', redirect);
    contents.emit('will-attach-webview', webview);
    expect(redirect.defaultPrevented).toBe(true);
    expect(webview.defaultPrevented).toBe(true);
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('logs, and does not throw, when the browser cannot be opened', async () => {
    const { contents, openExternal, logger } = hardened();
    openExternal.mockRejectedValueOnce(new Error('no browser'));
    contents.emit('will-navigate', cancelable({ url: 'https://example.com/' }));
    await vi.waitFor(() => expect(logger.entries.map((entry) => entry.message)).toContain('Could not open a link in the browser.'));
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
