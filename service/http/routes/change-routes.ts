// `GET /changes` (the `changes` extension, docs/api-decisions.md §17): a server-sent event stream behind the same
// bearer token as every route. It starts with `ready`, then says `change` with what changed each time the service
// records one, and a comment at least every 45 s (`CHANGES_KEEP_ALIVE_MS`, on the service's upkeep timer), so a proxy
// does not take the quiet stream for a dead one. Each write to the API publishes its collection too,
// so another client's edit shows at once.
import type { FastifyInstance } from 'fastify';
import { CHANGE_EVENT, CHANGES_KEEP_ALIVE_MS, CHANGES_PATH, READY_EVENT, type ChangeKind } from '../../../common/api/changes.ts';
import type { ApiContext } from '../api-context.ts';
import { ApiError } from '../api-error.ts';

/** Each stream holds a socket: enough for every window, tray and CLI a person runs, not for a flood. */
const maxFollowers = 64;

const collections: Record<string, ChangeKind> = {
  monitors: 'monitor',
  heartbeats: 'heartbeat',
  domains: 'domain',
  notifications: 'notification',
  maintenance: 'maintenance',
  dependencies: 'dependency',
};

/** The kind of resource a successful write below /api changed, from its path (`/api/monitors/…` → monitor). */
export function changedKindOf(path: string): ChangeKind | undefined {
  const [, , collection] = path.split('?', 1)[0]?.split('/') ?? [];
  return collection === undefined ? undefined : collections[collection];
}

export function changeRoutes(app: FastifyInstance, context: ApiContext, headers: Record<string, string>): void {
  const { changes, upkeep } = context;
  app.addHook('onResponse', (request, reply, done) => {
    const write = request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 300;
    const kind = write ? changedKindOf(request.url) : undefined;
    if (kind !== undefined) changes.publish({ kind });
    done();
  });

  app.get(CHANGES_PATH, (request, reply) => {
    if (changes.followers >= maxFollowers) {
      throw new ApiError(429, 'rate_limited', `This service already streams changes to ${maxFollowers} clients; poll instead, or try again in 30 s.`, {
        headers: { 'retry-after': '30' },
      });
    }
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, { ...headers, date: new Date().toUTCString(), 'content-type': 'text/event-stream; charset=utf-8', connection: 'keep-alive' });
    // `retry`: a browser's EventSource waits this long before it reconnects.
    stream.write(`retry: 2000\nevent: ${READY_EVENT}\ndata: {}\n\n`);
    const unfollow = changes.follow((change) => stream.write(`event: ${CHANGE_EVENT}\ndata: ${JSON.stringify(change)}\n\n`));
    const endKeepAlive = upkeep.every(CHANGES_KEEP_ALIVE_MS, () => stream.write(': still here\n\n'));
    request.raw.once('close', () => {
      unfollow();
      endKeepAlive();
    });
  });
}
