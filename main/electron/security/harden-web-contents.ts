// Every web contents the app creates is locked to the page it loaded: navigation, redirects, new windows and
// <webview> are refused, and none of them opens anything. A link the person clicks reaches their browser another way:
// the preload sees the click and hands main its address (preload/link-clicks.ts, ipc/clicked-links.ts). So a
// navigation or window.open that the page's code starts without a click (an injected script, a meta refresh) goes
// nowhere, instead of handing the system browser an address nobody chose.
import type { Logger } from '../../../common/logger.ts';
import { schemeOf } from '../../../common/ipc/external-url.ts';

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

export function hardenWebContents(contents: HardenableContents, options: { logger: Logger }): void {
  const { logger } = options;
  contents.on('will-navigate', (event) => {
    event.preventDefault();
    logger.warn('Refused a navigation of the app window that no click on a link started.', { scheme: schemeOf(event.url) });
  });
  contents.on('will-redirect', (event) => {
    event.preventDefault();
    logger.warn('Refused a redirect of the app window.', { scheme: schemeOf(event.url) });
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    logger.warn('Refused to attach a <webview>.');
  });
  contents.setWindowOpenHandler(({ url }) => {
    logger.warn('Refused a new window that no click on a link started.', { scheme: schemeOf(url) });
    return { action: 'deny' };
  });
}
