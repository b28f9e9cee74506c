// The dependencies extension (docs/api-decisions.md §18): what each item depends on, so the service folds a child's
// alerts under its parent while the parent is down. Behind the same bearer token and error shapes as the spec's
// routes; a client that knows only the spec never calls them.
import type { FastifyInstance } from 'fastify';
import { dependencySetSchema, type DependencySetBody } from '../../../common/api/dependencies.ts';
import type { ApiContext } from '../api-context.ts';

type ItemParams = { Params: { item: string } };

export function dependencyRoutes(app: FastifyInstance, context: ApiContext): void {
  const { dependencies, maintenance } = context;
  const json = (item: string, dependsOn: string) => {
    const itemName = maintenance.items.nameOf(item);
    const parentName = maintenance.items.nameOf(dependsOn);
    return { item, ...(itemName === undefined ? {} : { item_name: itemName }), depends_on: dependsOn, ...(parentName === undefined ? {} : { depends_on_name: parentName }) };
  };

  app.get('/dependencies', () => [...dependencies.all()].map(([item, dependsOn]) => json(item, dependsOn)));

  app.put<ItemParams & { Body: DependencySetBody }>('/dependencies/:item', { schema: { body: dependencySetSchema } }, (request) => {
    dependencies.set(request.params.item, request.body.depends_on);
    return json(request.params.item, request.body.depends_on);
  });

  app.delete<ItemParams>('/dependencies/:item', async (request, reply) => {
    dependencies.delete(request.params.item);
    return reply.code(204).send();
  });
}
