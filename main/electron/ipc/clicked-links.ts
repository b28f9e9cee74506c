// The links the person clicks that leave the app, as the preload hands them over (preload/link-clicks.ts): opened
// in the system browser when they come from the app's own page and are https (`isSafeExternalUrl`); anything else
// is dropped and logged by its scheme only. The one way into shell.openExternal.
import { clickedLinkChannel, type CallResult } from '../../../common/ipc/contract.ts';
import type { Logger } from '../../../common/logger.ts';
import { isSafeExternalUrl, schemeOf } from '../../../common/ipc/external-url.ts';
import type { IpcMainLike } from './register-contract.ts';
import { senderProblem } from './sender-check.ts';
import type { TrustedWindows } from './trusted-windows.ts';

export interface ClickedLinksOptions {
  ipcMain: IpcMainLike;
  trusted: Pick<TrustedWindows, 'has'>;
  openExternal(url: string): Promise<void>;
  /** The origins of the sources configured at plain http addresses, as they are now. */
  httpOrigins(): readonly string[];
  logger: Logger;
}

const done: CallResult = { ok: true, value: undefined };

export function openClickedLinks(options: ClickedLinksOptions): void {
  const { ipcMain, trusted, openExternal, httpOrigins, logger } = options;
  ipcMain.handle(clickedLinkChannel, async (event, url) => {
    const refusal = senderProblem(event, (id) => trusted.has(id));
    if (refusal !== undefined) {
      logger.warn(`Refused to open a link: ${refusal}.`);
      return { ok: false, error: { code: 'forbidden', message: 'This page may not use Vigil.' } };
    }
    if (typeof url !== 'string' || !isSafeExternalUrl(url, httpOrigins())) {
      logger.warn('Did not open a clicked link that is neither https nor a configured source of its own.', { scheme: typeof url === 'string' ? schemeOf(url) : 'none' });
      return done;
    }
    await openExternal(url).catch((error: unknown) => {
      logger.warn('Could not open a link in the browser.', { error: String(error) });
    });
    return done;
  });
}
