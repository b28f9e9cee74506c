// Opens the window on something (a notification or tray click: an item on its server, a connection's settings):
// shows the window, then tells the page what to open — at once when the page is there, or once a just-created
// window has loaded.
export interface WindowOpenerOptions<Request> {
  /** Whether the window exists (and so its page has loaded) before showing it. */
  isOpen(): boolean;
  show(): void;
  /** Runs `deliver` once the page of the window just created has loaded. */
  whenLoaded(deliver: () => void): void;
  /** Tells the page what to open. */
  send(request: Request): void;
}

export function windowOpener<Request>(options: WindowOpenerOptions<Request>): (request?: Request) => void {
  return (request) => {
    const wasOpen = options.isOpen();
    options.show();
    if (request === undefined) return;
    if (wasOpen) options.send(request);
    else options.whenLoaded(() => options.send(request));
  };
}
