// The app's one window, tray-app style: made when first opened (tray, notification, a second launch), shown and
// focused on demand, and released when the person closes it — destroyed, its renderer process gone — so at rest
// the tray alone runs. Opened again, it is made anew on the view it last showed (the view lives in the address's
// #fragment). A page that still holds typed input (a form's draft, unsaved settings, a change awaiting its answer)
// cancels its unload (renderer/main.tsx): then closing only hides the window, input and all, and a later close
// with nothing held releases it. Quitting closes it whatever the page holds.
export interface UnloadCancelEvent {
  /** Unloads the page anyway, ignoring its beforeunload. */
  preventDefault(): void;
}

export interface WindowHandle {
  show(): void;
  focus(): void;
  hide(): void;
  restore(): void;
  isMinimized(): boolean;
  isDestroyed(): boolean;
  on(event: 'close', listener: () => void): unknown;
  once(event: 'ready-to-show' | 'closed', listener: () => void): unknown;
  readonly webContents: {
    /** The page's address, its view in the #fragment. */
    getURL(): string;
    /** The page's beforeunload cancelled a close: it holds input not saved yet. */
    on(event: 'will-prevent-unload', listener: (event: UnloadCancelEvent) => void): unknown;
  };
}

export interface MainWindowOptions<Window extends WindowHandle> {
  /** Makes the window, loading the address its predecessor showed last (undefined for the first). */
  create(lastAddress: string | undefined): Window;
  isQuitting(): boolean;
}

export class MainWindow<Window extends WindowHandle> {
  readonly #options: MainWindowOptions<Window>;
  #window: Window | undefined;
  #lastAddress: string | undefined;

  constructor(options: MainWindowOptions<Window>) {
    this.#options = options;
  }

  /** The window, if it exists now (hidden or shown). */
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
    const window = this.#options.create(this.#lastAddress);
    this.#window = window;
    window.once('ready-to-show', () => window.show());
    // Read before the page goes: once closed, the window's web contents can no longer be asked.
    window.on('close', () => (this.#lastAddress = window.webContents.getURL()));
    window.webContents.on('will-prevent-unload', (event) => {
      if (this.#options.isQuitting()) event.preventDefault();
      else window.hide();
    });
    window.once('closed', () => {
      if (this.#window === window) this.#window = undefined;
    });
  }
}
