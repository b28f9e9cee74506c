// The contract's maintenance calls: start a window on everything, a server or an item, and end windows. A server that
// keeps maintenance (the extension) is asked to keep it, so its own email and webhooks respect it too; for any other
// server Vigil keeps the window in its settings, and only its own notifications respect it.
import { randomUUID } from 'node:crypto';
import { maintenanceRule, type MaintenanceCreateBody } from '../../../common/maintenance/maintenance.ts';
import type { MaintenanceSelector, MaintenanceTarget, MaintenanceView } from '../../../common/ipc/alerting.ts';
import type { CheckedArgs, CoreCalls } from '../../../common/ipc/contract.ts';
import { parseServerItemKey } from '../../../common/ipc/item-key.ts';
import type { CoreRuntime } from '../app/core-runtime.ts';
import type { ConnectionSession } from '../app/connection-session.ts';
import { coversNow, maintenanceView, serverWindows, type ConnectionWindow } from './maintenance-windows.ts';
import type { KeptMaintenance } from '../settings/settings-schema.ts';
import { VigilCoreError } from '../calls/call-error.ts';
import { serverItemRef } from '../calls/server-item-ref.ts';

/** Where one window goes: a session, and the item on it (absent: every item). */
interface Placement {
  session: ConnectionSession;
  item?: string;
}

/** Ended windows Vigil keeps are dropped once this old (the record keeps what they covered). */
const keptEndedForMs = 400 * 86_400_000;

export function maintenanceCalls(runtime: CoreRuntime) {
  const placements = (target: MaintenanceTarget): Placement[] => {
    switch (target.scope) {
      case 'everything': {
        const sessions = runtime.sessions();
        if (sessions.length === 0) throw new VigilCoreError('No server is watched, so there is nothing to put in maintenance.');
        return sessions.map((session) => ({ session }));
      }
      case 'server':
        return [{ session: runtime.session(target.connectionId) }];
      case 'item': {
        const ref = serverItemRef(target.itemKey, runtime.settings.read());
        return [{ session: runtime.session(ref.connectionId), item: ref.itemKey }];
      }
    }
  };

  async function startOn({ session, item }: Placement, timing: Timing): Promise<MaintenanceView> {
    const now = runtime.clock.now();
    const server = { id: session.connection.id, name: session.connection.name };
    const nameOf = (key: string) => session.itemName(key);
    // A server keeps only what it can name: an item without an id there is kept by Vigil.
    if (session.keepsMaintenance() && (item === undefined || /^(monitor|heartbeat|domain):/.test(item))) {
      const { item: created } = await session.client.createMaintenance(createBody(item, timing));
      const [window] = serverWindows([created]);
      if (window === undefined) throw new VigilCoreError(`${session.connection.name} started the maintenance but did not say which window it is.`);
      session.serverWindowsChanged((windows) => [...windows.filter((known) => known.id !== window.id), window]);
      runtime.refreshSoon(session.connection.id);
      // The server may have placed the start at its own "now", after the request was made.
      return viewOrFail(window, server, Math.max(runtime.clock.now(), window.rule.from), nameOf);
    }
    const kept = keptWindow(session.connection.id, item, timing, now);
    runtime.settings.update((current) => ({ ...current, maintenance: [...withoutOld(current.maintenance, now), kept] }));
    const [window] = session.maintenanceWindows(runtime.settings.read()).filter((known) => known.id === kept.id);
    if (window === undefined) throw new VigilCoreError('The maintenance window was not saved.');
    return viewOrFail(window, server, now, nameOf);
  }

  async function end(session: ConnectionSession, window: ConnectionWindow): Promise<void> {
    // A source's window is its own word that the item is in maintenance, not a window to end from here.
    if (window.keptBy === 'source') throw new VigilCoreError(`${session.connection.name} says this is in maintenance; it ends when ${session.connection.name} says so.`);
    if (window.keptBy === 'server') {
      await session.client.endMaintenance(window.id);
      session.serverWindowsChanged((windows) => windows.filter((known) => known.id !== window.id));
      runtime.refreshSoon(session.connection.id);
      return;
    }
    const now = runtime.clock.now();
    runtime.settings.update((current) => ({
      ...current,
      // One that has not begun is simply gone; one that has keeps what it covered, for the record.
      maintenance: withoutOld(current.maintenance, now).flatMap((kept) => (kept.id !== window.id ? [kept] : kept.startsAt > now ? [] : [{ ...kept, endedAt: now }])),
    }));
  }

  return {
    async startMaintenance(target, timing) {
      const now = runtime.clock.now();
      const resolved = resolveTiming(timing, now, runtime.timeZone());
      // Checked before anything is saved anywhere: a window that covers nothing is refused on every server alike.
      viewOrFail({ id: 'new', rule: maintenanceRule({ item: undefined, from: resolved.startsAt, ends: [resolved.endsAt], repeat: resolved.repeat }), keptBy: 'vigil' }, { id: '', name: '' }, now, () => undefined);
      const started: MaintenanceView[] = [];
      const failed: string[] = [];
      for (const placement of placements(target)) {
        try {
          started.push(await startOn(placement, resolved));
        } catch (error) {
          // One server refusing must not hide that the others are in maintenance now: say both.
          if (target.scope !== 'everything') throw error;
          failed.push(`${placement.session.connection.name} (${error instanceof Error ? error.message : String(error)})`);
        }
      }
      if (failed.length > 0) {
        const done = started.length === 0 ? 'Maintenance did not start anywhere' : `Maintenance started on ${started.map((view) => view.serverName).join(', ')}, but not on`;
        throw new VigilCoreError(`${done}${started.length === 0 ? ':' : ''} ${failed.join('; ')}.`);
      }
      return started;
    },
    async endMaintenance(selector) {
      const now = runtime.clock.now();
      const chosen = chosenWindows(runtime, selector, now);
      if ('id' in selector && chosen.length === 0) throw new VigilCoreError('That maintenance window is not there any more: it may have ended already.');
      for (const { session, window } of chosen) await end(session, window);
      return undefined;
    },
  } satisfies Partial<CoreCalls>;
}

/** The windows a selector names: one by its id, or every active window of a target (an item's own windows only). */
function chosenWindows(runtime: CoreRuntime, selector: MaintenanceSelector, now: number): { session: ConnectionSession; window: ConnectionWindow }[] {
  const settings = runtime.settings.read();
  if ('id' in selector) {
    const slash = selector.id.indexOf('/');
    const session = runtime.session(selector.id.slice(0, Math.max(0, slash)));
    const window = session.maintenanceWindows(settings).find((known) => known.id === selector.id.slice(slash + 1));
    return window === undefined ? [] : [{ session, window }];
  }
  const item = selector.scope === 'item' ? parseServerItemKey(selector.itemKey) : undefined;
  if (selector.scope === 'item' && item === undefined) throw new VigilCoreError(`"${selector.itemKey.slice(0, 100)}" does not name a monitor, heartbeat or domain on a server.`);
  const sessions = selector.scope === 'everything' ? runtime.sessions() : [runtime.session(selector.scope === 'server' ? selector.connectionId : (item?.connectionId ?? ''))];
  return sessions.flatMap((session) =>
    session
      .maintenanceWindows(settings)
      // A weekly series is left alone: ending it here would end every later week, which "end maintenance" never means
      // (its own "Stop repeating", by id, does that).
      .filter((window) => (item === undefined || window.rule.item === item.itemKey) && window.rule.repeat === undefined && coversNow(window, now))
      .map((window) => ({ session, window })),
  );
}

/** A timing with its moments fixed: from when, until when (undefined: until ended), and the weekly ranges. */
interface Timing {
  startsAt: number;
  endsAt: number | undefined;
  repeat: KeptMaintenance['repeat'];
  reason: string | undefined;
}

function resolveTiming(timing: CheckedArgs<'startMaintenance'>[1], now: number, timeZone: string): Timing {
  const startsAt = timing.startsAt ?? now;
  const endsAt = timing.forMinutes !== undefined ? startsAt + timing.forMinutes * 60_000 : (timing.endsAt ?? undefined);
  if (endsAt !== undefined && endsAt <= now) throw new VigilCoreError('That maintenance window would already be over: choose an end in the future.');
  const repeat = timing.repeat === undefined ? undefined : { ...timing.repeat, timezone: timing.repeat.timezone ?? timeZone };
  const reason = timing.reason === undefined || timing.reason === '' ? undefined : timing.reason;
  return { startsAt, endsAt, repeat, reason };
}

function createBody(item: string | undefined, timing: Timing): MaintenanceCreateBody {
  const body: MaintenanceCreateBody = { starts_at: new Date(timing.startsAt).toISOString(), ends_at: timing.endsAt === undefined ? null : new Date(timing.endsAt).toISOString() };
  if (item !== undefined) body.item = item;
  if (timing.repeat !== undefined) body.repeat = timing.repeat;
  if (timing.reason !== undefined) body.reason = timing.reason;
  return body;
}

function keptWindow(connectionId: string, item: string | undefined, timing: Timing, now: number): KeptMaintenance {
  const kept: KeptMaintenance = { id: randomUUID(), connectionId, startsAt: timing.startsAt, createdAt: now };
  if (item !== undefined) kept.item = item;
  if (timing.endsAt !== undefined) kept.endsAt = timing.endsAt;
  if (timing.repeat !== undefined) kept.repeat = timing.repeat;
  if (timing.reason !== undefined) kept.reason = timing.reason;
  return kept;
}

/** The settings' windows without those over for more than the keeping time. */
function withoutOld(kept: readonly KeptMaintenance[], now: number): KeptMaintenance[] {
  return kept.filter((window) => {
    const over = Math.min(window.endsAt ?? Infinity, window.endedAt ?? Infinity);
    return over === Infinity || now - over < keptEndedForMs;
  });
}

function viewOrFail(window: ConnectionWindow, server: { id: string; name: string }, now: number, nameOf: (key: string) => string | undefined): MaintenanceView {
  const view = maintenanceView(window, server, now, nameOf);
  if (view === undefined) throw new VigilCoreError('That maintenance window covers nothing from now on: check its days and times.');
  return view;
}
