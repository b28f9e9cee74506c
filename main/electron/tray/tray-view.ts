// The tray icon, driven by the core's status. Electron's Tray, nativeImage and Menu come in as factories, so
// this runs in plain Node tests. The six icons are loaded once and re-used: Tray.setImage with a new image per
// poll leaks (electron#20850). The image, tooltip and menu are only touched when they change.
import { levels, type Level, type StatusView } from '../../../common/ipc/views.ts';
import { trayIconFile } from './tray-icons.ts';
import { trayMenuTemplate, type TrayActions, type TrayMenuEntry } from './tray-menu.ts';

export interface TrayHandle<Image, Menu> {
  setImage(image: Image): void;
  setToolTip(tooltip: string): void;
  setContextMenu(menu: Menu | null): void;
  on(event: 'click', listener: () => void): unknown;
  destroy(): void;
}

export interface TrayViewOptions<Image, Menu> {
  createTray(image: Image): TrayHandle<Image, Menu>;
  /** nativeImage.createFromPath over the icons folder. */
  loadIcon(file: string): Image;
  buildMenu(template: TrayMenuEntry[]): Menu;
  platform: NodeJS.Platform;
  actions: TrayActions;
  isLaunchAtLogin(): boolean;
}

const startingTooltip = 'Vigil: starting…';

export class TrayView<Image, Menu> {
  readonly #options: TrayViewOptions<Image, Menu>;
  readonly #icons: ReadonlyMap<Level, Image>;
  readonly #tray: TrayHandle<Image, Menu>;
  #status: StatusView | undefined;
  #level: Level = 'unknown';
  #tooltip = startingTooltip;
  #menuKey = '';

  constructor(options: TrayViewOptions<Image, Menu>) {
    this.#options = options;
    this.#icons = new Map(levels.map((level) => [level, options.loadIcon(trayIconFile(level, options.platform))]));
    this.#tray = options.createTray(this.#icon(this.#level));
    this.#tray.setToolTip(this.#tooltip);
    // Windows: a left click opens the window, a right click the menu. macOS and Linux open the menu on click.
    this.#tray.on('click', () => options.actions.openWindow());
    this.#updateMenu();
  }

  render(status: StatusView): void {
    this.#status = status;
    if (status.level !== this.#level) {
      this.#level = status.level;
      this.#tray.setImage(this.#icon(status.level));
    }
    if (status.tooltip !== this.#tooltip) {
      this.#tooltip = status.tooltip;
      this.#tray.setToolTip(status.tooltip);
    }
    this.#updateMenu();
  }

  /** Rebuilds the menu from the last status (after "Launch at login" changed, say). */
  refreshMenu(): void {
    this.#updateMenu();
  }

  destroy(): void {
    this.#tray.destroy();
  }

  #icon(level: Level): Image {
    const icon = this.#icons.get(level);
    if (icon === undefined) throw new Error(`No tray icon for the level "${level}".`);
    return icon;
  }

  #updateMenu(): void {
    const { platform, actions } = this.#options;
    const template = trayMenuTemplate({ status: this.#status, launchAtLogin: this.#options.isLaunchAtLogin(), platform }, actions);
    // JSON leaves the click functions out: the key is what the menu shows.
    const key = JSON.stringify(template);
    if (key === this.#menuKey) return;
    this.#menuKey = key;
    // Linux (AppIndicator) only shows an icon that has a menu, and only picks up changes when it is set again.
    this.#tray.setContextMenu(this.#options.buildMenu(template));
  }
}
