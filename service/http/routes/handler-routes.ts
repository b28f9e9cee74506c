// /notifications: notification handlers — list, create (email or webhook), read, delete.
import type { FastifyInstance } from 'fastify';
import { localNotificationHandlerCreateInput, type LocalNotificationHandlerCreateBody } from '../../../common/api/index.ts';
import { newId } from '../../ids.ts';
import { notFound } from '../api-error.ts';
import type { ApiContext } from '../api-context.ts';
import { requireQuota } from '../validate.ts';
import { handlerJson } from '../views.ts';

type IdParams = { Params: { id: string } };

export function handlerRoutes(app: FastifyInstance, context: ApiContext): void {
  const { handlers, clock } = context;

  app.get('/notifications', () => handlers.all().map(handlerJson));

  app.post<{ Body: LocalNotificationHandlerCreateBody }>(
    '/notifications',
    { schema: { body: localNotificationHandlerCreateInput } },
    async (request, reply) => {
      requireQuota(handlers.count(), context.quotas.handlers, 'notification handlers');
      const record = handlers.create(newId('handler'), request.body, new Date(clock.now()).toISOString());
      return reply.code(201).send(handlerJson(record));
    },
  );

  app.get<IdParams>('/notifications/:id', (request) => {
    const record = handlers.get(request.params.id);
    if (!record) throw notFound('Notification handler');
    return handlerJson(record);
  });

  app.delete<IdParams>('/notifications/:id', async (request, reply) => {
    if (!handlers.delete(request.params.id)) throw notFound('Notification handler');
    return reply.code(204).send();
  });
}
