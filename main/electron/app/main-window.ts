// The app's one window, tray-app style: made when first needed, shown and focused on demand (tray, a second
// instance, a notification click), hidden — not closed — when the user closes it, closed only when quitting.
export interface WindowHandle {
  show(): void;
  focus(): void;
  hide(): void;
  restore(): void;
  isMinimized(): boolean;
  isDestroyed(): boolean;
  on(event: 'close', listener: (event: { preventDefault(): void }) => void): unknown;
  once(event: 'ready-to-show' | 'closed', listener: () => void): unknown;
}

export interface MainWindowOptions<Window extends WindowHandle> {
  create(): Window;
  isQuitting(): boolean;
}

export class MainWindow<Window extends WindowHandle> {
  readonly #options: MainWindowOptions<Window>;
  #window: Window | undefined;

  constructor(options: MainWindowOptions<Window>) {
    this.#options = options;
  }

  /** The window, if it exists now. */
  get current(): Window | undefined {
    return this.#window !== undefined && !this.#window.isDestroyed() ? this.#window : undefined;
  }

  show(): void {
    const existing = this.current;
    if (existing === undefined) {
      this.#open();
      return;
    }
    if (existing.isMinimized()) existing.restore();
    existing.show();
    existing.focus();
  }

  #open(): void {
    const window = this.#options.create();
    this.#window = window;
    window.once('ready-to-show', () => window.show());
    window.on('close', (event) => {
      if (this.#options.isQuitting()) return;
      event.preventDefault();
      window.hide();
    });
    window.once('closed', () => {
      if (this.#window === window) this.#window = undefined;
    });
  }
}
