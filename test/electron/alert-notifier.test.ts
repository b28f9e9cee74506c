import { describe, expect, it, vi } from 'vitest';
import type { AlertView } from '../../common/ipc/views.ts';
import { AlertNotifier, type NotificationOptions } from '../../main/electron/notifications/alert-notifier.ts';
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

function notifier(options: { sound?: boolean; quietSummaries?: boolean; supported?: boolean } = {}) {
  const created: FakeNotification[] = [];
  const openWindow = vi.fn();
  const logger = recordingLogger();
  const instance = new AlertNotifier({
    createNotification: (notificationOptions) => {
      const notification = new FakeNotification(notificationOptions);
      created.push(notification);
      return notification;
    },
    isSupported: () => options.supported ?? true,
    soundEnabled: () => options.sound ?? false,
    quietSummaries: () => options.quietSummaries ?? false,
    openWindow,
    logger,
  });
  return { instance, created, openWindow, logger };
}

describe('AlertNotifier', () => {
  it('shows an alert as a silent native notification, without opening or focusing the window', () => {
    const { instance, created, openWindow } = notifier();
    instance.show(alert);
    expect(created).toHaveLength(1);
    expect(created[0]?.options).toEqual({ title: 'API is down', body: alert.body, silent: true, urgency: 'critical', timeoutType: 'default' });
    expect(created[0]?.shown).toBe(1);
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('plays the sound only when the user turned it on', () => {
    const { instance, created } = notifier({ sound: true });
    instance.show({ ...alert, severity: 'warning' });
    expect(created[0]?.options).toMatchObject({ silent: false, urgency: 'normal' });
  });

  it('keeps summaries quiet when the user asked for it, and only summaries', () => {
    const { instance, created } = notifier({ sound: true, quietSummaries: true });
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
