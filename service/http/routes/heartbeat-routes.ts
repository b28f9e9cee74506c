// /heartbeats: list, create, read, delete. Pings arrive on /ping/{slug} (ping-routes.ts).
import type { FastifyInstance } from 'fastify';
import { HEARTBEAT_DEFAULTS, heartbeatCreateInput, type HeartbeatCreateBody } from '../../../common/api/index.ts';
import { newHeartbeatSlug, newId } from '../../ids.ts';
import { notFound } from '../api-error.ts';
import type { ApiContext } from '../api-context.ts';
import { requireQuota } from '../validate.ts';
import { heartbeatJson } from '../views.ts';

type IdParams = { Params: { id: string } };

export function heartbeatRoutes(app: FastifyInstance, context: ApiContext): void {
  const { heartbeats, clock, events } = context;
  const json = (record: Parameters<typeof heartbeatJson>[0]) => heartbeatJson(record, context.publicOrigin());

  app.get('/heartbeats', () => heartbeats.all().map(json));

  app.post<{ Body: HeartbeatCreateBody }>('/heartbeats', { schema: { body: heartbeatCreateInput } }, async (request, reply) => {
    requireQuota(heartbeats.count(), context.quotas.heartbeats, 'heartbeats');
    const fields = {
      name: request.body.name ?? HEARTBEAT_DEFAULTS.name,
      expectedInterval: request.body.expected_interval ?? HEARTBEAT_DEFAULTS.expected_interval,
    };
    const record = heartbeats.create(newId('heartbeat'), newHeartbeatSlug(), fields, new Date(clock.now()).toISOString());
    return reply.code(201).send(json(record));
  });

  app.get<IdParams>('/heartbeats/:id', (request) => {
    const record = heartbeats.get(request.params.id);
    if (!record) throw notFound('Heartbeat');
    return json(record);
  });

  app.delete<IdParams>('/heartbeats/:id', async (request, reply) => {
    const record = heartbeats.delete(request.params.id);
    if (!record) throw notFound('Heartbeat');
    events.heartbeatDeleted(record);
    return reply.code(204).send();
  });
}
