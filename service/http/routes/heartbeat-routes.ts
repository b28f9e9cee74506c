// /heartbeats: list, create, read, edit (the fields extensions make editable, docs/api-decisions.md §19), delete, and
// the runs extension (§16). Pings arrive on /ping/{slug} (ping-routes.ts).
import type { FastifyInstance } from 'fastify';
import { heartbeatCreateInput, heartbeatEditInput, heartbeatFields as heartbeatTable, type HeartbeatCreateBody, type HeartbeatEdits } from '../../../common/api/index.ts';
import { fieldsWhere, type EditableKey } from '../../../common/api/resource-fields.ts';
import { heartbeatFields, serviceTimeZone } from '../../heartbeats/heartbeat-fields.ts';
import { newHeartbeatSlug, newId } from '../../ids.ts';
import { notFound } from '../api-error.ts';
import type { ApiContext } from '../api-context.ts';
import { editedFields } from '../field-edits.ts';
import { beforeQuery, historyLimits, type BeforeQuery } from '../../history/history-query.ts';
import { requireQuota } from '../validate.ts';
import { heartbeatJson, heartbeatRunJson } from '../views.ts';

type IdParams = { Params: { id: string } };

const editableFields = fieldsWhere<EditableKey<typeof heartbeatTable>>(heartbeatTable, (spec) => spec.editable === true);

export function heartbeatRoutes(app: FastifyInstance, context: ApiContext): void {
  const { heartbeats, clock, events } = context;
  const json = (record: Parameters<typeof heartbeatJson>[0]) => heartbeatJson(record, context.publicOrigin());
  const heartbeat = (id: string) => {
    const record = heartbeats.get(id);
    if (!record) throw notFound('Heartbeat');
    return record;
  };

  app.get('/heartbeats', () => heartbeats.all().map(json));

  app.post<{ Body: HeartbeatCreateBody }>('/heartbeats', { schema: { body: heartbeatCreateInput } }, async (request, reply) => {
    requireQuota(heartbeats.count(), context.quotas.heartbeats, 'heartbeats');
    const now = clock.now();
    const fields = heartbeatFields(request.body, now, serviceTimeZone());
    const record = heartbeats.create(newId('heartbeat'), newHeartbeatSlug(), fields, new Date(now).toISOString());
    events.heartbeatSaved(record);
    return reply.code(201).send(json(record));
  });

  app.get<IdParams>('/heartbeats/:id', (request) => json(heartbeat(request.params.id)));

  app.patch<IdParams & { Body: HeartbeatEdits }>('/heartbeats/:id', { schema: { body: heartbeatEditInput } }, (request) => {
    const stored = heartbeat(request.params.id);
    // Just read, in the same synchronous turn: the edit finds it.
    const record = heartbeats.edit(stored.id, editedFields(editableFields, request.body, stored)) ?? stored;
    events.heartbeatSaved(record);
    return json(record);
  });

  app.delete<IdParams>('/heartbeats/:id', async (request, reply) => {
    const record = heartbeats.delete(request.params.id);
    if (!record) throw notFound('Heartbeat');
    events.heartbeatDeleted(record);
    return reply.code(204).send();
  });

  app.get<IdParams & { Querystring: BeforeQuery }>('/heartbeats/:id/runs', { schema: { querystring: beforeQuery } }, (request) => {
    const { seq } = heartbeat(request.params.id);
    // Without `before`, every run up to the newest, even one begun this very millisecond.
    const { before = Number.MAX_SAFE_INTEGER, limit = historyLimits.defaultLimit } = request.query;
    return heartbeats.runs.before(seq, before, limit).map(heartbeatRunJson);
  });
}
