import { describe, expect, it, vi } from 'vitest';
import type { AlertView } from '../../common/ipc/views.ts';
import { NOTIFICATION_DEFAULTS } from '../../common/ipc/settings.ts';
import { AlertNotifier, type NotificationOptions, type SoundLevel } from '../../main/electron/notifications/alert-notifier.ts';
import { notificationButtonsShown, soundFor } from '../../main/electron/notifications/notification-manner.ts';
import { recordingLogger } from '../helpers/recording-logger.ts';
import { FakeEmitter } from './fakes.ts';

const alert: AlertView = {
  id: 'a1',
  kind: 'monitor-down',
  severity: 'critical',
  title: 'API is down',
  body: 'Prod: https://api.example.com answered 503.',
  itemKey: 'c1/monitor:m1',
  connectionId: 'c1',
};

class FakeNotification extends FakeEmitter {
  shown = 0;
  readonly options: NotificationOptions;
  constructor(options: NotificationOptions) {
    super();
    this.options = options;
  }
  show(): void {
    this.shown++;
  }
}

function notifier(options: { sound?: SoundLevel[]; quietSummaries?: boolean; supported?: boolean; buttons?: boolean } = {}) {
  const created: FakeNotification[] = [];
  const openWindow = vi.fn();
  const snoozeItem = vi.fn();
  const acknowledgeItem = vi.fn();
  const logger = recordingLogger();
  const instance = new AlertNotifier({
    createNotification: (notificationOptions) => {
      const notification = new FakeNotification(notificationOptions);
      created.push(notification);
      return notification;
    },
    isSupported: () => options.supported ?? true,
    soundFor: (level) => options.sound?.includes(level) ?? false,
    quietSummaries: () => options.quietSummaries ?? false,
    supportsActions: options.buttons ?? false,
    openWindow,
    snoozeItem,
    acknowledgeItem,
    logger,
  });
  return { instance, created, openWindow, snoozeItem, acknowledgeItem, logger };
}

const levels: SoundLevel[] = ['critical', 'warning', 'info'];

describe('AlertNotifier', () => {
  it('shows an alert as a silent native notification, without opening or focusing the window', () => {
    const { instance, created, openWindow } = notifier();
    instance.show(alert);
    expect(created).toHaveLength(1);
    expect(created[0]?.options).toEqual({ title: 'API is down', body: alert.body, silent: true, urgency: 'critical', timeoutType: 'default' });
    expect(created[0]?.shown).toBe(1);
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('plays a sound only for the levels the user turned it on for', () => {
    const { instance, created } = notifier({ sound: ['critical', 'warning'] });
    instance.show({ ...alert, severity: 'warning' });
    instance.show({ ...alert, kind: 'monitor-recovered', severity: 'info' });
    instance.show(alert);
    expect(created.map((notification) => notification.options)).toMatchObject([
      { silent: false, urgency: 'normal' },
      { silent: true, urgency: 'normal' },
      { silent: false, urgency: 'critical' },
    ]);
  });

  it('follows the settings per level: the defaults sound for problems and not for recoveries', () => {
    expect(levels.map((level) => soundFor(NOTIFICATION_DEFAULTS, level))).toEqual([true, true, false]);
    expect(levels.map((level) => soundFor({ ...NOTIFICATION_DEFAULTS, soundCritical: false, soundInfo: true }, level))).toEqual([false, true, true]);
  });

  it('offers "I\'m on it", "Snooze 1 h" and "Open" on a problem\'s alert where the platform shows buttons, and acts on them', () => {
    const { instance, created, openWindow, snoozeItem, acknowledgeItem } = notifier({ buttons: true });
    instance.show(alert);
    instance.show(alert);
    instance.show(alert);
    expect(created[0]?.options.actions).toEqual([{ type: 'button', text: 'I’m on it' }, { type: 'button', text: 'Snooze 1 h' }, { type: 'button', text: 'Open' }]);
    created[0]?.emit('action', { actionIndex: 0 }, 0);
    expect(acknowledgeItem).toHaveBeenCalledWith('c1/monitor:m1');
    created[1]?.emit('action', { actionIndex: 1 }, 1);
    expect(snoozeItem).toHaveBeenCalledWith('c1/monitor:m1');
    expect(openWindow).not.toHaveBeenCalled();
    created[2]?.emit('action', { actionIndex: 2 }, 2);
    expect(openWindow).toHaveBeenCalledWith('c1/monitor:m1');
  });

  it('offers no "I\'m on it" on a recovery: it is no problem to be on', () => {
    const { instance, created } = notifier({ buttons: true });
    instance.show({ ...alert, kind: 'source-recovered', severity: 'info' });
    expect(created[0]?.options.actions).toEqual([{ type: 'button', text: 'Snooze 1 h' }, { type: 'button', text: 'Open' }]);
  });

  it('offers no buttons on a summary, nor where the platform shows none (a click opens the item there)', () => {
    const withButtons = notifier({ buttons: true });
    withButtons.instance.show({ ...alert, kind: 'summary', itemKey: undefined });
    expect(withButtons.created[0]?.options.actions).toBeUndefined();
    const without = notifier({ buttons: false });
    without.instance.show(alert);
    expect(without.created[0]?.options.actions).toBeUndefined();
    expect(notificationButtonsShown('linux')).toBe(false);
    expect(['win32', 'darwin'].map(notificationButtonsShown)).toEqual([true, true]);
  });

  it('keeps summaries quiet when the user asked for it, and only summaries', () => {
    const { instance, created } = notifier({ sound: ['critical', 'warning', 'info'], quietSummaries: true });
    instance.show({ ...alert, kind: 'summary', title: '3 changes on Prod' });
    instance.show(alert);
    expect(created.map((notification) => notification.options)).toMatchObject([
      { silent: true, urgency: 'low' },
      { silent: false, urgency: 'critical' },
    ]);
  });

  it('opens the window on the alert\'s item when clicked', () => {
    const { instance, created, openWindow } = notifier();
    instance.show(alert);
    created[0]?.emit('click');
    expect(openWindow).toHaveBeenCalledWith('c1/monitor:m1');
  });

  it('logs a notification the system refused (unsigned macOS) and carries on', () => {
    const { instance, created, logger } = notifier();
    instance.show(alert);
    expect(() => created[0]?.emit('failed', {}, 'Notifications are not allowed for this app')).not.toThrow();
    expect(logger.entries).toContainEqual(
      expect.objectContaining({ level: 'warn', fields: expect.objectContaining({ error: 'Notifications are not allowed for this app' }) }),
    );
    instance.show(alert);
    expect(created).toHaveLength(2);
  });

  it('logs instead of showing where notifications are not supported', () => {
    const { instance, created, logger } = notifier({ supported: false });
    instance.show(alert);
    expect(created).toHaveLength(0);
    expect(logger.entries[0]?.level).toBe('warn');
  });

  it('follows the core\'s alert events until unsubscribed', () => {
    const { instance, created } = notifier();
    let listener: ((payload: AlertView) => void) | undefined;
    const unsubscribe = instance.listen({
      on: (_event, callback) => {
        listener = callback;
        return () => (listener = undefined);
      },
    });
    listener?.(alert);
    unsubscribe();
    listener?.(alert);
    expect(created).toHaveLength(1);
  });
});
