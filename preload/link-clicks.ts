// A link the person clicks that leaves the app opens in their browser. Only the preload can tell that the click was
// the person's: it listens before any script of the page (capture, on the window, from its own world), and there
// `event.isTrusted` is false for every click a script makes (`element.click()`, `dispatchEvent`). So the preload
// stops such a click's navigation and hands the address to main (`clickedLinkChannel`), which opens it when it is
// https; main refuses every navigation and new window the page starts (harden-web-contents.ts), so one that no click
// started goes nowhere. Links within the app (`#/monitors`) are left alone. Self-contained (no imports), so a test
// can run it in a real Chromium page.

export function watchLinkClicks(page: Window, open: (url: string) => void): void {
  page.addEventListener(
    'click',
    (event) => {
      if (!event.isTrusted || !(event.target instanceof Element)) return;
      const link = event.target.closest('a[href], area[href]');
      if (link === null) return;
      const url = URL.parse(link.getAttribute('href') ?? '', link.baseURI);
      if (url === null || url.protocol === page.location.protocol) return;
      event.preventDefault();
      open(url.href);
    },
    { capture: true },
  );
}
