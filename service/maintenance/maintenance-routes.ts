// The maintenance extension (docs/api-decisions.md §15): windows in which the service raises no alert for an item,
// or for every item, and counts that time as maintenance. Behind the same bearer token and error shapes as the
// spec's routes; a client that knows only the spec never calls them.
import type { FastifyInstance } from 'fastify';
import type { MaintenanceRecord } from './maintenance-store.ts';
import type { ApiContext } from '../http/api-context.ts';
import { notFound } from '../http/api-error.ts';
import { maintenanceJson } from './maintenance-json.ts';
import { maintenanceBody, maintenanceListQuery, type MaintenanceListQuery } from './maintenance-query.ts';
import type { MaintenanceRequest } from './maintenance-windows.ts';

type IdParams = { Params: { id: string } };

export function maintenanceRoutes(app: FastifyInstance, context: ApiContext): void {
  const { maintenance } = context;
  const json = (record: MaintenanceRecord) =>
    maintenanceJson(record, {
      itemName: record.item === undefined ? undefined : maintenance.items.nameOf(record.item),
      active: maintenance.schedule.isActive(record.id),
    });
  const found = (record: MaintenanceRecord | undefined) => {
    if (record === undefined) throw notFound('Maintenance window');
    return record;
  };

  app.get<{ Querystring: MaintenanceListQuery }>('/maintenance', { schema: { querystring: maintenanceListQuery } }, (request) =>
    maintenance.windows.list(request.query.include === 'ended').map(json),
  );

  app.post<{ Body: MaintenanceRequest }>('/maintenance', { schema: { body: maintenanceBody } }, async (request, reply) =>
    reply.code(201).send(json(maintenance.windows.create(request.body))),
  );

  app.get<IdParams>('/maintenance/:id', (request) => json(found(maintenance.windows.get(request.params.id))));

  app.post<IdParams>('/maintenance/:id/end', (request) => json(found(maintenance.windows.end(request.params.id))));

  app.delete<IdParams>('/maintenance/:id', async (request, reply) => {
    found(maintenance.windows.delete(request.params.id));
    return reply.code(204).send();
  });
}
