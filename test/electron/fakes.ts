// Fakes of the Electron objects the adapters take, recording what was done to them. Only types come from electron.
import type { CallResult } from '../../common/ipc/contract.ts';
import type { StatusView, TrayItem } from '../../common/ipc/views.ts';
import type { IpcMainLike } from '../../main/electron/ipc/register-contract.ts';
import type { InvokeSender } from '../../main/electron/ipc/sender-check.ts';
import type { TrustedContents } from '../../main/electron/ipc/trusted-windows.ts';
import { emptyStatus } from '../helpers/status-view.ts';

type Handler = (event: InvokeSender, ...args: unknown[]) => Promise<CallResult>;

export class FakeIpcMain implements IpcMainLike {
  readonly handlers = new Map<string, Handler>();

  handle(channel: string, listener: Handler): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener);
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }

  /** What `ipcRenderer.invoke` would get back from the handler. */
  invoke(channel: string, event: InvokeSender, ...args: unknown[]): Promise<CallResult> {
    const handler = this.handlers.get(channel);
    if (handler === undefined) return Promise.reject(new Error(`No handler registered for '${channel}'`));
    return handler(event, ...args);
  }
}

export interface FakeFrame {
  url: string;
  parent: FakeFrame | null;
}

export class FakeWebContents implements TrustedContents {
  static #nextId = 1;
  readonly id = FakeWebContents.#nextId++;
  readonly mainFrame: FakeFrame;
  readonly sent: { channel: string; args: unknown[] }[] = [];
  destroyed = false;
  readonly #onDestroyed: (() => void)[] = [];

  constructor(url = 'app://vigil/index.html') {
    this.mainFrame = { url, parent: null };
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args });
  }

  once(_event: 'destroyed', listener: () => void): void {
    this.#onDestroyed.push(listener);
  }

  destroy(): void {
    this.destroyed = true;
    for (const listener of this.#onDestroyed.splice(0)) listener();
  }

  /** An invoke event from this contents' main frame (or the frame given). */
  eventFrom(frame: FakeFrame | null = this.mainFrame): InvokeSender {
    return { sender: { id: this.id }, senderFrame: frame };
  }

  subframe(url = 'app://vigil/frame.html'): FakeFrame {
    return { url, parent: this.mainFrame };
  }
}

/** A minimal event emitter with Electron's `on(event, listener)` shape. */
export class FakeEmitter {
  readonly listeners = new Map<string, ((...args: never[]) => unknown)[]>();

  on(event: string, listener: (...args: never[]) => unknown): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  once(event: string, listener: (...args: never[]) => unknown): this {
    return this.on(event, listener);
  }

  removeListener(event: string, listener: (...args: never[]) => unknown): this {
    this.listeners.set(event, (this.listeners.get(event) ?? []).filter((known) => known !== listener));
    return this;
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...values: unknown[]) => unknown)(...args);
  }

  count(event: string): number {
    return this.listeners.get(event)?.length ?? 0;
  }
}

/** A cancelable event as Electron passes to 'close', 'before-quit', 'will-navigate', … */
export function cancelable(fields: Record<string, unknown> = {}) {
  const event = { defaultPrevented: false, preventDefault: () => (event.defaultPrevented = true), ...fields };
  return event;
}

/**
 * What Electron's BrowserWindow.close() does: 'close' on the window (cancelable), then the page's beforeunload;
 * when that cancels, 'will-prevent-unload' on the web contents, the close going ahead only if that event is
 * prevented; then the window is destroyed. Returns whether it was.
 */
export function closeAsElectronDoes(window: { emit(event: string, ...args: unknown[]): void; destroy(): void }, page: { cancelsUnload: boolean; emit(event: string, ...args: unknown[]): void }): boolean {
  const close = cancelable();
  window.emit('close', close);
  if (close.defaultPrevented) return false;
  if (page.cancelsUnload) {
    const unload = cancelable();
    page.emit('will-prevent-unload', unload);
    if (!unload.defaultPrevented) return false;
  }
  window.destroy();
  return true;
}

/** A tray menu entry for an item (by server item key), labelled as the tray model labels it. */
export function trayItem(fields: Partial<Extract<TrayItem, { type: 'item' }>> & { key: string }): TrayItem {
  const name = fields.name ?? fields.key;
  const detail = fields.detail ?? 'down';
  const connectionId = fields.key.split('/')[0] ?? 'prod';
  return { type: 'item', connectionId, kind: 'monitor', name, health: 'critical', state: 'down', detail, label: `${name} — ${detail}`, ...fields };
}

export function status(fields: Partial<StatusView> = {}): StatusView {
  return { ...emptyStatus, tooltip: 'Prod: all 3 OK', ...fields };
}
