// The keep-alive agents shared by all http checks, so checks of the same host reuse sockets while they stay open. A
// monitor that ignores certificate errors (`tls.ignore_errors`) gets its own https agent: a socket that was never
// verified must never serve a monitor that asked for verification.
import http from 'node:http';
import https from 'node:https';

export interface CheckAgents {
  http: http.Agent;
  https: https.Agent;
  /** Accepts any certificate (`rejectUnauthorized: false`); the check says what verification would have refused. */
  httpsIgnoringErrors: https.Agent;
}

export interface CheckAgentOptions {
  keepAlive?: boolean;
  /** Idle pooled sockets close after this; under the usual 5 s server keep-alive, so few are reused as the server closes them. */
  idleSocketTimeoutMs?: number;
  /** Idle sockets kept per host. */
  maxFreeSockets?: number;
}

export function createCheckAgents(options: CheckAgentOptions = {}): CheckAgents {
  const common = {
    keepAlive: options.keepAlive ?? true,
    timeout: options.idleSocketTimeoutMs ?? 4_000,
    maxFreeSockets: options.maxFreeSockets ?? 4,
    scheduling: 'lifo' as const,
  };
  // No TLS session resumption: a resumed session skips the certificate, so an expired or renewed one would go
  // unseen for as long as the server honours its ticket. Every new connection shows the certificate it has now.
  const tls = { ...common, maxCachedSessions: 0 };
  return {
    http: new http.Agent(common),
    https: new https.Agent(tls),
    httpsIgnoringErrors: new https.Agent({ ...tls, rejectUnauthorized: false }),
  };
}
