// The history extension (docs/api-decisions.md §14): checks, stats, series, events and pings. Behind the same
// bearer token and error shapes as the spec's routes; a client that knows only the spec never calls them.
import type { FastifyInstance } from 'fastify';
import { CHANGES_EXTENSION } from '../../common/api/changes.ts';
import { DEPENDENCIES_EXTENSION } from '../../common/api/dependencies.ts';
import { FIELD_EXTENSIONS } from '../../common/api/resource-fields.ts';
import { MAINTENANCE_EXTENSION } from '../../common/maintenance/maintenance.ts';
import type { ApiContext } from '../http/api-context.ts';
import { notFound } from '../http/api-error.ts';
import {
  beforeQuery,
  eventsQuery,
  historyLimits,
  statsQuery,
  windowQuery,
  type BeforeQuery,
  type EventsQuery,
  type StatsQuery,
  type WindowQuery,
} from './history-query.ts';

type IdParams = { Params: { id: string } };

const defaultWindow = '24h';

export function historyRoutes(app: FastifyInstance, context: ApiContext): void {
  const { monitors, heartbeats, domains, history, clock } = context;
  const monitor = (id: string) => {
    const record = monitors.get(id);
    if (!record) throw notFound('Monitor');
    return record;
  };

  // This extension first, then maintenance, then those that add fields to resources (each listed where they are
  // declared, so a new one is served with no line here), then the rest.
  const fieldExtensions = FIELD_EXTENSIONS.filter((extension) => extension !== 'history');
  const extensions = ['history', MAINTENANCE_EXTENSION, ...fieldExtensions, CHANGES_EXTENSION, DEPENDENCIES_EXTENSION];
  app.get('/capabilities', () => ({ extensions, problems: context.problems.list() }));

  app.get<IdParams & { Querystring: BeforeQuery }>('/monitors/:id/checks', { schema: { querystring: beforeQuery } }, (request) => {
    const { seq } = monitor(request.params.id);
    const { before = clock.now(), limit = historyLimits.defaultLimit } = request.query;
    return history.checks(seq, before, limit);
  });

  app.get<IdParams & { Querystring: WindowQuery }>('/monitors/:id/stats', { schema: { querystring: windowQuery } }, async (request) => {
    const record = monitor(request.params.id);
    const [stats] = await history.stats(request.query.window ?? defaultWindow, [record], 0);
    return stats;
  });

  app.get<IdParams & { Querystring: WindowQuery }>('/monitors/:id/series', { schema: { querystring: windowQuery } }, (request) =>
    history.series(monitor(request.params.id).seq, request.query.window ?? defaultWindow),
  );

  app.get<{ Querystring: StatsQuery }>('/stats', { schema: { querystring: statsQuery } }, (request) =>
    history.stats(request.query.window ?? defaultWindow, monitors.all(), request.query.slots ?? 0),
  );

  app.get<{ Querystring: EventsQuery }>('/events', { schema: { querystring: eventsQuery } }, (request) => {
    const { after = 0, since, limit = historyLimits.defaultLimit, item } = request.query;
    if (item !== undefined && item.kind !== 'service') {
      const found = { monitor: monitors, heartbeat: heartbeats, domain: domains }[item.kind].get(item.id);
      if (!found) throw notFound(`${item.kind[0]?.toUpperCase() ?? ''}${item.kind.slice(1)}`);
    }
    return history.events({ afterId: after, since, limit, item });
  });

  app.get<IdParams & { Querystring: BeforeQuery }>('/heartbeats/:id/pings', { schema: { querystring: beforeQuery } }, (request) => {
    const record = heartbeats.get(request.params.id);
    if (!record) throw notFound('Heartbeat');
    const { before = clock.now(), limit = historyLimits.defaultLimit } = request.query;
    return history.pings(record.seq, before, limit);
  });
}
