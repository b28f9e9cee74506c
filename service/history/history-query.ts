// The query parameters of the history extension (docs/api-decisions.md §14), checked like every other input: a
// bad one is 400 validation_failed with `details` naming it.
import { z } from 'zod';
import { dateTimeToEpochMs, isDateTime } from '../../common/api/index.ts';
import { historyWindows } from './history-window.ts';
import { wholeNumber } from '../http/pagination.ts';

export const historyLimits = { defaultLimit: 100, maxLimit: 1_000, maxSlots: 288 } as const;

const dateTime = z
  .string({ error: 'must be an RFC 3339 date-time, like 2026-11-21T15:52:00.000Z' })
  .refine(isDateTime, 'must be an RFC 3339 date-time with its offset, like 2026-11-21T15:52:00.000Z')
  .transform((text) => dateTimeToEpochMs(text) ?? 0)
  .optional();

const windowParam = z.enum(historyWindows, { error: `must be one of ${historyWindows.join(', ')}` }).optional();

const limit = wholeNumber(1, historyLimits.maxLimit, `default ${historyLimits.defaultLimit}`);

export const windowQuery = z.object({ window: windowParam });

export const statsQuery = z.object({ window: windowParam, slots: wholeNumber(0, historyLimits.maxSlots, 'slots of the status bar, default 0') });

export const beforeQuery = z.object({ before: dateTime, limit });

type ItemKind = 'monitor' | 'heartbeat' | 'domain';
/** One item's events, or (`service`) only the service's own stops and starts. */
export type ItemFilter = { kind: ItemKind; id: string } | { kind: 'service' };

export const eventsQuery = z.object({
  after: z
    .string({ error: 'must be the id of an event' })
    .regex(/^\d{1,15}$/, 'must be the id of an event from an earlier answer')
    .transform(Number)
    .optional(),
  since: dateTime,
  limit,
  item: z
    .string({ error: 'must be monitor:<id>, heartbeat:<id>, domain:<id> or service' })
    .regex(/^((monitor|heartbeat|domain):.|service$)/, 'must be monitor:<id>, heartbeat:<id>, domain:<id> or service')
    .transform((text): ItemFilter => {
      if (text === 'service') return { kind: 'service' };
      const colon = text.indexOf(':');
      return { kind: text.slice(0, colon) as ItemKind, id: text.slice(colon + 1) };
    })
    .optional(),
});

export type WindowQuery = z.output<typeof windowQuery>;
export type StatsQuery = z.output<typeof statsQuery>;
export type BeforeQuery = z.output<typeof beforeQuery>;
export type EventsQuery = z.output<typeof eventsQuery>;
