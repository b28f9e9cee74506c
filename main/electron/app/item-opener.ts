// Opens the window on an item (a notification or tray click): shows the window, then tells the page which item
// to open — at once when the page is there, or once a just-created window has loaded.
export interface ItemOpenerOptions {
  /** Whether the window exists (and so its page has loaded) before showing it. */
  isOpen(): boolean;
  show(): void;
  /** Runs `deliver` once the page of the window just created has loaded. */
  whenLoaded(deliver: () => void): void;
  sendOpenItem(itemKey: string): void;
}

export function itemOpener(options: ItemOpenerOptions): (itemKey?: string) => void {
  return (itemKey) => {
    const wasOpen = options.isOpen();
    options.show();
    if (itemKey === undefined) return;
    if (wasOpen) options.sendOpenItem(itemKey);
    else options.whenLoaded(() => options.sendOpenItem(itemKey));
  };
}
