// Things that happened, newest first: when, on which server (in a feed of several), what (the core's sentence),
// and whose record it is. Events after `newSince` carry a "New" badge (a word, not only a colour); an event about
// an item links to its page. Maintenance starting and ending has a badge of its own, not a health's.
import { formatClockTime, formatDateTime, minutesBlur } from '../../common/format/clock-time.ts';
import type { HistoryEventView } from '../../common/ipc/history.ts';
import { itemPageHash, useNavigation } from '../state/navigation-store.ts';
import { HealthBadge } from './health-badge.tsx';

const healthWords = { ok: 'OK', warning: 'Warning', critical: 'Problem', unknown: 'Note' } as const;

export interface EventListProps {
  label: string;
  events: readonly HistoryEventView[];
  now: number;
  /** Events after this moment are marked new; undefined marks none. */
  newSince?: number | undefined;
  /** Link each event to its item's page (not on the item's own page). */
  linkItems?: boolean;
  /** The list scrolls within a height of its own: it takes the focus, so the keyboard can scroll it. */
  scrolls?: boolean;
  /** The feed spans several servers: each event names its own. */
  nameServers?: boolean;
  /** The events are about an item checked seconds apart: their times have seconds even when no two share a minute. */
  seconds?: boolean;
}

export function EventList({ label, events, now, newSince, linkItems = false, scrolls = false, nameServers = false, seconds = false }: EventListProps) {
  // "13:41 went down", "13:41 is back up" tell nothing apart: the whole list is to the second then.
  const toTheSecond = seconds || minutesBlur(events.map((event) => event.at));
  return (
    <ol className="event-list" aria-label={label} tabIndex={scrolls ? 0 : undefined}>
      {events.map((event) => {
        const isNew = newSince !== undefined && event.at > newSince;
        const itemKey = event.itemKey;
        return (
          <li key={event.id} className={isNew ? 'event event-new' : 'event'}>
            <time className="event-time" dateTime={new Date(event.at).toISOString()} title={formatDateTime(event.at, { seconds: true })}>
              {formatClockTime(event.at, now, { seconds: toTheSecond })}
            </time>
            {event.kind === 'maintenance' ? <span className="badge badge-maintenance">Maintenance</span> : <HealthBadge health={event.health} label={healthWords[event.health]} />}
            {isNew && <span className="badge badge-new">New</span>}
            <span className="event-title">
              {nameServers && <span className="event-server">{event.serverName} · </span>}
              {linkItems && itemKey !== undefined ? (
                <a
                  href={itemPageHash(itemKey)}
                  onClick={(click) => {
                    click.preventDefault();
                    useNavigation.getState().openItemPage(itemKey);
                  }}
                >
                  {event.title}
                </a>
              ) : (
                event.title
              )}
              {event.source === 'client' && <span className="event-source"> (Vigil’s own record)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
