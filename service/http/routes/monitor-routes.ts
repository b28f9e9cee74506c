// /monitors: list (paged), create, read, replace (PUT takes the full Monitor), delete. Secret header values are
// stored in full and answered masked (views.ts).
import type { FastifyInstance } from 'fastify';
import { monitorCreateInput, monitorUpdateInput, type MonitorCreateBody, type MonitorUpdateBody } from '../../../common/api/index.ts';
import { newId } from '../../ids.ts';
import { createdMonitorFields, replacedMonitorFields } from '../../monitors/monitor-check-fields.ts';
import { notFound, validationFailed } from '../api-error.ts';
import type { ApiContext } from '../api-context.ts';
import { nextPageLink, pageDefaults, pageQuery } from '../pagination.ts';
import { requireQuota } from '../validate.ts';
import { monitorJson } from '../views.ts';

type IdParams = { Params: { id: string } };

const emptyPage = Buffer.from('[]');

/**
 * Pages serialized once, as UTF-8 bytes, valid while the store's version stays the same: a polling client costs
 * a map lookup, not a JSON.stringify and an encode of 100 monitors per request.
 */
function pageCache(monitors: ApiContext['monitors']) {
  let version = -1;
  const pages = new Map<string, Buffer>();
  return (offset: number, limit: number): Buffer => {
    if (version !== monitors.version) {
      version = monitors.version;
      pages.clear();
    }
    const key = `${offset}:${limit}`;
    let body = pages.get(key);
    if (body === undefined) {
      body = Buffer.from(JSON.stringify(monitors.page(offset, limit).map(monitorJson)));
      // Bounded: a client walking odd offsets cannot grow it without limit.
      if (pages.size >= 2_000) pages.clear();
      pages.set(key, body);
    }
    return body;
  };
}

export function monitorRoutes(app: FastifyInstance, context: ApiContext): void {
  const { monitors, events, clock } = context;
  const now = () => new Date(clock.now()).toISOString();
  const serializedPage = pageCache(monitors);

  app.get<{ Querystring: { page?: number; limit?: number } }>('/monitors', { schema: { querystring: pageQuery } }, (request, reply) => {
    const page = request.query.page ?? pageDefaults.page;
    const limit = request.query.limit ?? pageDefaults.limit;
    const total = monitors.count();
    const link = nextPageLink('/api/monitors', page, limit, total);
    void reply.header('x-total-count', String(total));
    if (link) void reply.header('link', link);
    // Pages far past the end are empty rather than an error: a client paging on simply stops.
    const offset = (page - 1) * limit;
    return reply.type('application/json; charset=utf-8').send(offset >= total ? emptyPage : serializedPage(offset, limit));
  });

  app.post<{ Body: MonitorCreateBody }>('/monitors', { schema: { body: monitorCreateInput } }, async (request, reply) => {
    requireQuota(monitors.count(), context.quotas.monitors, 'monitors');
    const record = monitors.create(newId('monitor'), createdMonitorFields(request.body), now());
    events.monitorSaved(record);
    return reply.code(201).send(monitorJson(record));
  });

  app.get<IdParams>('/monitors/:id', (request) => {
    const record = monitors.get(request.params.id);
    if (!record) throw notFound('Monitor');
    return monitorJson(record);
  });

  app.put<IdParams & { Body: MonitorUpdateBody }>('/monitors/:id', { schema: { body: monitorUpdateInput } }, (request) => {
    const { id } = request.body;
    if (id !== undefined && id !== request.params.id) {
      throw validationFailed([{ field: 'id', message: 'must match the id in the path' }]);
    }
    const stored = monitors.get(request.params.id);
    if (!stored) throw notFound('Monitor');
    const merged = replacedMonitorFields(request.body, stored);
    if (!merged.ok) throw validationFailed(merged.details);
    const record = monitors.replace(request.params.id, merged.fields, now());
    if (!record) throw notFound('Monitor');
    events.monitorSaved(record);
    return monitorJson(record);
  });

  app.delete<IdParams>('/monitors/:id', async (request, reply) => {
    const record = monitors.delete(request.params.id);
    if (!record) throw notFound('Monitor');
    events.monitorDeleted(record);
    return reply.code(204).send();
  });
}
