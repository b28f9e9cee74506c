// /ping/{slug}[/start|/fail|/<exit code>]: what cron jobs call, without the JWT (the unguessable slug is the secret).
// GET, POST and HEAD; a body of any type is accepted, and its first 10 KB kept as the run's log, so
// `curl -fsS --data-binary @log URL/$?` reports a job's end, its exit code and its output in one call.
import type { FastifyInstance } from 'fastify';
import { exitCodeHint, pingSignalOf, receivePing } from '../../heartbeats/heartbeat-pings.ts';
import type { ApiContext } from '../api-context.ts';
import { ApiError, notFound } from '../api-error.ts';

const pingBodyLimit = 1024 * 1024;

type PingRequest = { Params: { slug: string; signal?: string }; Body: Buffer | undefined };

export function pingRoutes(app: FastifyInstance, context: ApiContext): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: pingBodyLimit }, (_request, body, done) => done(null, body));

  const ping = (request: { params: PingRequest['Params']; body: PingRequest['Body'] }) => {
    const { slug, signal: suffix } = request.params;
    const signal = pingSignalOf(suffix);
    // An unknown slug is 404 whatever follows it: a wrong ending says nothing until the heartbeat is found.
    if (signal === undefined && context.heartbeats.bySlug(slug) === undefined) throw notFound('Heartbeat');
    if (signal === undefined) throw new ApiError(400, 'bad_request', `A ping URL cannot end in “${suffix ?? ''}”. ${exitCodeHint}`);
    const body = Buffer.isBuffer(request.body) ? request.body : undefined;
    const record = receivePing(context.heartbeats, slug, signal, context.clock.now(), body);
    if (!record) throw notFound('Heartbeat');
    context.events.heartbeatPinged(record, signal);
    return 'OK\n';
  };
  for (const path of ['/ping/:slug', '/ping/:slug/:signal']) {
    app.get<PingRequest>(path, async (request) => ping(request));
    app.post<PingRequest>(path, async (request) => ping(request));
  }
}
