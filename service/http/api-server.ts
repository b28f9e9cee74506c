// The HTTP server: routes under /api with bearer auth, /ping for heartbeats, one JSON error shape for every
// failure (never HTML, never a stack), rate limiting, and response headers common to all answers.
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import type { Logger } from '../logger.ts';
import { ApiError, type ErrorBody, type ErrorCode } from './api-error.ts';
import type { ApiContext } from './api-context.ts';
import { bearerAuth } from './bearer-auth.ts';
import { MethodTable } from './method-table.ts';
import { RateLimiter } from './rate-limiter.ts';
import { changeRoutes } from './routes/change-routes.ts';
import { dependencyRoutes } from './routes/dependency-routes.ts';
import { domainRoutes } from './routes/domain-routes.ts';
import { handlerRoutes } from './routes/handler-routes.ts';
import { heartbeatRoutes } from './routes/heartbeat-routes.ts';
import { historyRoutes } from '../history/history-routes.ts';
import { maintenanceRoutes } from '../maintenance/maintenance-routes.ts';
import { monitorRoutes } from './routes/monitor-routes.ts';
import { pingRoutes } from './routes/ping-routes.ts';
import { zodValidatorCompiler } from './validate.ts';

export const apiPrefix = '/api';
export const apiVersion = '1.0.0';
const commonHeaders = { 'api-version': apiVersion, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

export interface ApiServerOptions {
  context: ApiContext;
  signingKey: Uint8Array;
  /** Tokens issued before this moment (epoch ms) are refused: `vigil token --revoke-all`. */
  tokensValidFromMs?: () => number;
  logger: Logger;
  rateLimitPerMinute: number;
  bodyLimitBytes: number;
}

/** Fastify's own errors for what a client sent, by Fastify's code: the API's status, code and sentence for each. */
const fastifyClientErrors: Readonly<Record<string, readonly [status: number, code: ErrorCode, message: string]>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large', 'The request body is larger than this service accepts.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', 'Request bodies must be JSON, sent as Content-Type: application/json.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'bad_request', 'The request says it has a JSON body, but the body is empty.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'bad_request', 'The request body is not valid JSON.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'bad_request', 'The Content-Length header does not match the body.'],
  FST_ERR_BAD_URL: [400, 'bad_request', 'The request URL is not valid.'],
};

/** An error Fastify raised over what a client sent, in the API's terms; undefined for the service's own failures. */
function clientErrorFor(error: FastifyError): ApiError | undefined {
  const known = Object.hasOwn(fastifyClientErrors, error.code) ? fastifyClientErrors[error.code] : undefined;
  if (known !== undefined) return new ApiError(...known);
  if (error instanceof SyntaxError || error.message.includes('prototype property')) {
    return new ApiError(400, 'bad_request', 'The request body is not valid JSON.');
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return new ApiError(status, status === 404 ? 'not_found' : 'bad_request', 'The request could not be understood.');
  return undefined;
}

export async function buildApiServer(options: ApiServerOptions): Promise<FastifyInstance> {
  const { context, logger } = options;
  const app = Fastify({
    logger: false,
    bodyLimit: options.bodyLimitBytes,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    forceCloseConnections: true,
    // A client's idle connection is kept past its next poll (the desktop's default is every 60 s, up to 5 min is
    // common), so polls reuse it and neither side wakes between them to close it; each connection costs a socket.
    keepAliveTimeout: 5 * 60_000,
    requestTimeout: 30_000,
    // Node looks for requests past that timeout every 30 s by default, waking an idle service twice a minute; every
    // 5 minutes still ends a stalled request (one that never finishes sending) within 6.
    http: { connectionsCheckingInterval: 5 * 60_000 },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Malformed HTTP never reaches a route; answer it in the same JSON shape, then close the connection.
    clientErrorHandler: (_error, socket) => {
      if (!socket.writable) return;
      const body = JSON.stringify(new ApiError(400, 'bad_request', 'The request is not valid HTTP.').body());
      socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
    },
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const apiError = clientErrorFor(error) ?? new ApiError(400, 'bad_request', 'The request could not be understood.');
      void reply.code(apiError.statusCode).send(apiError.body());
    },
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  // Bodies are JSON only: anything else gets 415 rather than being read as text.
  app.removeContentTypeParser('text/plain');

  const methods = new MethodTable();
  app.addHook('onRoute', (route) => methods.record(route));

  const limiter = new RateLimiter(options.rateLimitPerMinute, () => context.clock.now());
  // Callback hooks rather than async ones: they run on every request, and a promise each adds up.
  app.addHook('onRequest', (request, reply, done) => {
    // Node's own Date header keeps a cached date, reset by a timer about a second after each response: a wake-up of an
    // idle service after every poll. The header is written in onSend instead, from the clock the response is sent at.
    reply.raw.sendDate = false;
    const verdict = limiter.take(request.ip);
    if (verdict.allowed) return done();
    done(
      new ApiError(429, 'rate_limited', `Too many requests; try again in ${verdict.retryAfterSeconds} s.`, {
        headers: { 'retry-after': String(verdict.retryAfterSeconds) },
      }),
    );
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    void reply.headers(commonHeaders).header('date', new Date().toUTCString());
    done(null, payload);
  });

  app.setErrorHandler<FastifyError | ApiError>((error, request, reply) => {
    const apiError = error instanceof ApiError ? error : clientErrorFor(error);
    if (!apiError) {
      logger.error('Request failed', { method: request.method, path: request.routeOptions.url, error: String(error) });
      const body: ErrorBody = { error: { code: 'internal_error', message: 'The service failed to handle this request.' } };
      return reply.code(500).send(body);
    }
    return reply.code(apiError.statusCode).headers(apiError.headers).send(apiError.body());
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const allowed = methods.allowed(path);
    const error = allowed
      ? new ApiError(405, 'method_not_allowed', `${request.method} is not supported here; use ${allowed.join(', ')}.`, {
          headers: { allow: allowed.join(', ') },
        })
      : new ApiError(404, 'not_found', 'There is nothing at this path.');
    return reply.code(error.statusCode).headers(error.headers).send(error.body());
  });

  await app.register(
    async (api) => {
      api.addHook('onRequest', bearerAuth(options.signingKey, context.clock, options.tokensValidFromMs));
      monitorRoutes(api, context);
      heartbeatRoutes(api, context);
      domainRoutes(api, context);
      handlerRoutes(api, context);
      historyRoutes(api, context);
      maintenanceRoutes(api, context);
      dependencyRoutes(api, context);
      changeRoutes(api, context, commonHeaders);
    },
    { prefix: apiPrefix },
  );
  await app.register(async (pings) => pingRoutes(pings, context));
  return app;
}
