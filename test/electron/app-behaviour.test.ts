import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { appPaths } from '../../main/electron/app/app-paths.ts';
import { SuspendGate, watchOnline, watchPower } from '../../main/electron/app/connectivity.ts';
import { MainWindow } from '../../main/electron/app/main-window.ts';
import { QuitController } from '../../main/electron/app/quit.ts';
import { claimSingleInstance } from '../../main/electron/app/single-instance.ts';
import { appId, applyTrayAppConventions } from '../../main/electron/app/tray-app-conventions.ts';
import { manualClock } from '../helpers/manual-clock.ts';
import { recordingLogger } from '../helpers/recording-logger.ts';
import { cancelable, closeAsElectronDoes, FakeEmitter } from './fakes.ts';

function fakeCore() {
  const calls: string[] = [];
  return { calls, suspend: () => void calls.push('suspend'), resume: () => void calls.push('resume') };
}

describe('suspend and resume', () => {
  it('pauses polling while the machine sleeps and resumes it on wake', () => {
    const core = fakeCore();
    const power = new FakeEmitter();
    const stop = watchPower(power, new SuspendGate(core, recordingLogger()));
    power.emit('suspend');
    power.emit('resume');
    expect(core.calls).toEqual(['suspend', 'resume']);
    stop();
    expect(power.count('suspend') + power.count('resume')).toBe(0);
  });

  it('pauses polling while offline, checked now and on a timer, and resumes once online', () => {
    const core = fakeCore();
    const clock = manualClock();
    let online = false;
    const stop = watchOnline({ isOnline: () => online, clock, gate: new SuspendGate(core, recordingLogger()), intervalMs: 5_000 });
    expect(core.calls).toEqual(['suspend']);
    clock.advance(15_000);
    expect(core.calls).toEqual(['suspend']);
    online = true;
    clock.advance(5_000);
    expect(core.calls).toEqual(['suspend', 'resume']);
    stop();
    online = false;
    clock.advance(60_000);
    expect(core.calls).toEqual(['suspend', 'resume']);
  });

  it('resumes only when the machine is awake and online again', () => {
    const core = fakeCore();
    const gate = new SuspendGate(core, recordingLogger());
    gate.set('asleep', true);
    gate.set('offline', true);
    gate.set('asleep', false);
    expect(core.calls).toEqual(['suspend']);
    gate.set('offline', false);
    expect(core.calls).toEqual(['suspend', 'resume']);
  });
});

/** A page as a close involves it: its address (the view in the #fragment), and whether it cancels its unload. */
class FakePage extends FakeEmitter {
  url = 'app://vigil/index.html';
  cancelsUnload = false;
  getURL = () => this.url;
}

class FakeWindow extends FakeEmitter {
  readonly webContents = new FakePage();
  shown = 0;
  hidden = 0;
  focused = 0;
  restored = 0;
  minimized = false;
  destroyed = false;
  show = () => void this.shown++;
  hide = () => void this.hidden++;
  focus = () => void this.focused++;
  restore = () => void this.restored++;
  isMinimized = () => this.minimized;
  isDestroyed = () => this.destroyed;
  destroy(): void {
    this.destroyed = true;
    this.emit('closed');
  }
  close = () => closeAsElectronDoes(this, this.webContents);
}

describe('the main window', () => {
  function setUp() {
    const windows: FakeWindow[] = [];
    const loaded: (string | undefined)[] = [];
    let quitting = false;
    const main = new MainWindow({
      create: (lastAddress) => {
        const window = new FakeWindow();
        windows.push(window);
        loaded.push(lastAddress);
        return window;
      },
      isQuitting: () => quitting,
    });
    return { main, windows, loaded, quit: () => (quitting = true) };
  }

  it('is created on first show and shown once painted; later shows restore and focus the same window', () => {
    const { main, windows } = setUp();
    expect(main.current).toBeUndefined();
    main.show();
    expect(windows).toHaveLength(1);
    windows[0]?.emit('ready-to-show');
    expect(windows[0]?.shown).toBe(1);
    if (windows[0]) windows[0].minimized = true;
    main.show();
    expect(windows).toHaveLength(1);
    expect(windows[0]).toMatchObject({ restored: 1, shown: 2, focused: 1 });
  });

  it('is released when closed, and made anew on the view it last showed when opened again', () => {
    const { main, windows, loaded } = setUp();
    main.show();
    const [first] = windows;
    if (first) first.webContents.url = 'app://vigil/index.html#/monitors';
    expect(first?.close()).toBe(true);
    expect(main.current).toBeUndefined();
    main.show();
    expect(windows).toHaveLength(2);
    expect(main.current).toBe(windows[1]);
    expect(loaded).toEqual([undefined, 'app://vigil/index.html#/monitors']);
  });

  it('only hides while its page holds typed input, which stays; a later close with nothing held releases it', () => {
    const { main, windows } = setUp();
    main.show();
    const [window] = windows;
    if (window) window.webContents.cancelsUnload = true;
    expect(window?.close()).toBe(false);
    expect(window).toMatchObject({ hidden: 1, destroyed: false });
    main.show();
    expect(windows).toHaveLength(1);
    expect(window?.shown).toBe(1);
    if (window) window.webContents.cancelsUnload = false;
    expect(window?.close()).toBe(true);
    expect(main.current).toBeUndefined();
  });

  it('closes whatever its page holds once the app quits', () => {
    const { main, windows, quit } = setUp();
    main.show();
    const [window] = windows;
    if (window) window.webContents.cancelsUnload = true;
    quit();
    expect(window?.close()).toBe(true);
    expect(window?.hidden).toBe(0);
    expect(main.current).toBeUndefined();
  });
});

describe('quitting', () => {
  function setUp(stop: () => Promise<void>) {
    const app = Object.assign(new FakeEmitter(), { quit: vi.fn() });
    const clock = manualClock();
    const logger = recordingLogger();
    const controller = new QuitController({ app, stop, clock, logger, timeoutMs: 10_000 });
    return { app, clock, logger, controller };
  }

  it('stops the core before Electron quits', async () => {
    let finishStop = () => {};
    const stop = vi.fn(() => new Promise<void>((resolve) => (finishStop = resolve)));
    const { app, controller } = setUp(stop);
    const first = cancelable();
    app.emit('before-quit', first);
    expect(first.defaultPrevented).toBe(true);
    expect(controller.quitting).toBe(true);
    const again = cancelable();
    app.emit('before-quit', again);
    expect(again.defaultPrevented).toBe(true);
    expect(stop).toHaveBeenCalledTimes(1);
    expect(app.quit).not.toHaveBeenCalled();
    finishStop();
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    const last = cancelable();
    app.emit('before-quit', last);
    expect(last.defaultPrevented).toBe(false);
  });

  it('quits anyway, and logs, when the core fails to stop or takes too long', async () => {
    const failing = setUp(() => Promise.reject(new Error('the service hung')));
    failing.app.emit('before-quit', cancelable());
    await vi.waitFor(() => expect(failing.app.quit).toHaveBeenCalled(), { timeout: 10_000 });
    expect(failing.logger.text()).toContain('the service hung');

    const slow = setUp(() => new Promise<void>(() => {}));
    slow.app.emit('before-quit', cancelable());
    slow.clock.advance(10_000);
    expect(slow.app.quit).toHaveBeenCalledTimes(1);
  });
});

describe('one instance, tray-app conventions', () => {
  function app(lock: boolean) {
    return Object.assign(new FakeEmitter(), { requestSingleInstanceLock: () => lock, quit: vi.fn() });
  }

  it('the first instance keeps running and shows its window when a second one starts', () => {
    const first = app(true);
    const show = vi.fn();
    expect(claimSingleInstance(first, show)).toBe(true);
    first.emit('second-instance');
    expect(show).toHaveBeenCalled();
    expect(first.quit).not.toHaveBeenCalled();
  });

  it('a second instance quits', () => {
    const second = app(false);
    expect(claimSingleInstance(second, vi.fn())).toBe(false);
    expect(second.quit).toHaveBeenCalled();
  });

  it.each([
    // macOS keeps Electron's default app menu, whose Edit entries give the window's fields their shortcuts.
    ['win32', { appUserModelId: appId, dockHidden: false, menuRemoved: true }],
    ['darwin', { appUserModelId: undefined, dockHidden: true, menuRemoved: false }],
    ['linux', { appUserModelId: undefined, dockHidden: false, menuRemoved: true }],
  ] as const)('on %s sets the AppUserModelID / hides the Dock / removes the menu as needed, and keeps running with no window', (platform, expected) => {
    let appUserModelId: string | undefined;
    let dockHidden = false;
    let menuRemoved = false;
    const fake = Object.assign(new FakeEmitter(), {
      setAppUserModelId: (id: string) => void (appUserModelId = id),
      dock: { hide: () => void (dockHidden = true) },
    });
    applyTrayAppConventions(fake, platform, (menu) => void (menuRemoved = menu === null));
    expect({ appUserModelId, dockHidden, menuRemoved }).toEqual(expected);
    expect(fake.count('window-all-closed')).toBe(1);
    expect(appId).toBe('dev.vigil.app');
  });
});

describe('app paths', () => {
  it('finds the preload, renderer and service next to main, and the icons in resources once packaged', () => {
    const main = path.join('/app', 'out', 'main');
    const packaged = appPaths({ mainDir: main, isPackaged: true, appPath: '/app', resourcesPath: '/res' });
    expect(packaged).toEqual({
      preload: path.join('/app', 'out', 'preload', 'index.cjs'),
      rendererDir: path.join('/app', 'out', 'renderer'),
      serviceEntry: path.join(main, 'local-service.js'),
      iconsDir: path.join('/res', 'icons'),
    });
    const development = appPaths({ mainDir: main, isPackaged: false, appPath: '/repo', resourcesPath: '/x' });
    expect(development.iconsDir).toBe(path.join('/repo', 'build', 'icons'));
  });
});
