// /ping/{slug}: what cron jobs call, without the JWT (the unguessable slug is the secret). GET, POST and HEAD;
// any body of any type is accepted and ignored, so `curl -fsS -X POST --data-binary @log URL` works.
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../api-context.ts';
import { notFound } from '../api-error.ts';

const pingBodyLimit = 1024 * 1024;

export function pingRoutes(app: FastifyInstance, context: ApiContext): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: pingBodyLimit }, (_request, _body, done) => done(null, undefined));

  const ping = async (slug: string) => {
    const record = context.heartbeats.recordPing(slug, new Date(context.clock.now()).toISOString());
    if (!record) throw notFound('Heartbeat');
    context.events.heartbeatPinged(record);
    return 'OK\n';
  };
  app.get<{ Params: { slug: string } }>('/ping/:slug', (request) => ping(request.params.slug));
  app.post<{ Params: { slug: string } }>('/ping/:slug', (request) => ping(request.params.slug));
}
