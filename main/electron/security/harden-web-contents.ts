// Every web contents the app creates is locked to the page it loaded: navigation, redirects, new windows and
// <webview> are refused. An https link the user follows opens in their browser instead; anything else is dropped.
import type { Logger } from '../../../common/logger.ts';
import { isSafeExternalUrl } from './external-url.ts';

interface PreventableNavigation {
  preventDefault(): void;
  url: string;
}

/** The part of Electron's WebContents this needs (structural, so tests pass a fake). */
export interface HardenableContents {
  on(event: 'will-navigate' | 'will-redirect', listener: (event: PreventableNavigation) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

export interface HardenOptions {
  openExternal(url: string): Promise<void>;
  logger: Logger;
}

export function hardenWebContents(contents: HardenableContents, options: HardenOptions): void {
  const leave = (url: string, how: string) => {
    if (!isSafeExternalUrl(url)) {
      options.logger.warn(`Refused to ${how} a page that is not an https link.`, { scheme: schemeOf(url) });
      return;
    }
    options.openExternal(url).catch((error: unknown) => {
      options.logger.warn('Could not open a link in the browser.', { error: String(error) });
    });
  };
  contents.on('will-navigate', (event) => {
    event.preventDefault();
    leave(event.url, 'navigate to');
  });
  contents.on('will-redirect', (event) => {
    event.preventDefault();
    options.logger.warn('Refused a redirect of the app window.', { scheme: schemeOf(event.url) });
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    options.logger.warn('Refused to attach a <webview>.');
  });
  contents.setWindowOpenHandler(({ url }) => {
    leave(url, 'open a window for');
    return { action: 'deny' };
  });
}

/** Only the scheme goes to the log: a full URL may carry a query with someone's data in it. */
function schemeOf(url: string): string {
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url);
  return match?.[1]?.toLowerCase() ?? 'none';
}
