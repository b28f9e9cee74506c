import { describe, expect, it, vi } from 'vitest';
import { clickedLinkChannel } from '../../common/ipc/contract.ts';
import { openClickedLinks } from '../../main/electron/ipc/clicked-links.ts';
import { TrustedWindows } from '../../main/electron/ipc/trusted-windows.ts';
import { recordingLogger } from '../helpers/recording-logger.ts';
import { FakeIpcMain, FakeWebContents } from './fakes.ts';

function served() {
  const ipcMain = new FakeIpcMain();
  const trusted = new TrustedWindows();
  const window = new FakeWebContents();
  trusted.add(window);
  const openExternal = vi.fn(async (_url: string) => {});
  const logger = recordingLogger();
  openClickedLinks({ ipcMain, trusted, openExternal, httpOrigins: () => ['http://kuma.lan:3001'], logger });
  const click = (url: unknown, sender = window.eventFrom()) => ipcMain.invoke(clickedLinkChannel, sender, url);
  return { window, openExternal, logger, click };
}

describe('openClickedLinks', () => {
  it('opens plain http only at the exact origin of a source the person configured there', async () => {
    const { openExternal, click } = served();
    await click('http://kuma.lan:3001/dashboard/7');
    await click('http://kuma.lan:3002/dashboard/7');
    await click('http://evil.example/');
    expect(openExternal.mock.calls).toEqual([['http://kuma.lan:3001/dashboard/7']]);
  });

  it("opens an https link the person clicked in the app's window in the browser", async () => {
    const { openExternal, click } = served();
    expect(await click('https://vigil.example/docs')).toEqual({ ok: true, value: undefined });
    expect(openExternal.mock.calls).toEqual([['https://vigil.example/docs']]);
  });

  it.each(['file:///etc/passwd', 'http://example.com/', 'javascript:alert(1)', 'smb://host/share', 42])('drops %s and logs only its scheme', async (url) => {
    const { openExternal, logger, click } = served();
    await click(url);
    expect(openExternal).not.toHaveBeenCalled();
    expect(logger.entries.map((entry) => entry.message)).toEqual(['Did not open a clicked link that is neither https nor a configured source of its own.']);
    expect(logger.text()).not.toContain(String(url));
  });

  it('refuses a link from another window, a subframe or a page that is not the app', async () => {
    const { window, openExternal, click } = served();
    const stranger = new FakeWebContents();
    expect(await click('https://example.com/', stranger.eventFrom())).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await click('https://example.com/', window.eventFrom(window.subframe()))).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await click('https://example.com/', window.eventFrom({ url: 'https://evil.example/', parent: null }))).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('logs, and does not throw, when the browser cannot be opened', async () => {
    const { openExternal, logger, click } = served();
    openExternal.mockRejectedValueOnce(new Error('no browser'));
    expect(await click('https://example.com/')).toEqual({ ok: true, value: undefined });
    expect(logger.entries.map((entry) => entry.message)).toContain('Could not open a link in the browser.');
  });
});
