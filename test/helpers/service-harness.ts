// Starts the real monitoring service in-process on 127.0.0.1:0 with a fresh data dir, for tests over real HTTP.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadOrCreateSigningKey } from '../../service/auth/signing-key.ts';
import { issueToken } from '../../service/auth/tokens.ts';
import { silentLogger } from '../../service/logger.ts';
import { startService, type RunningService, type ServicePorts } from '../../service/monitoring-service.ts';
import { resolveConfig, type ServiceConfig } from '../../service/service-config.ts';
import { backgroundClock as systemClock } from '../../common/clock.ts';

export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or undefined when it is empty or not JSON. */
  json: unknown;
}

export interface TestService extends RunningService {
  dataDir: string;
  token: string;
  /** Sends a request to `apiUrl + path` with the test token unless `token: null` (or another token) is given. */
  api(path: string, init?: { method?: string; body?: unknown; rawBody?: string; token?: string | null; headers?: Record<string, string> }): Promise<ApiResponse>;
  stop(): Promise<void>;
}

export async function startTestService(overrides: Partial<ServiceConfig> = {}, ports: Partial<ServicePorts> = {}): Promise<TestService> {
  const dataDir = overrides.dataDir ?? mkdtempSync(path.join(tmpdir(), 'vigil-service-'));
  const config = resolveConfig(dataDir, {
    host: '127.0.0.1',
    port: 0,
    // Nothing listens on port 9 of loopback: a domain lookup fails fast unless a test brings its own RDAP fixture.
    rdapBootstrapUrl: 'http://127.0.0.1:9/dns.json',
    rdapAllowHttp: true,
    ...overrides,
  });
  const service = await startService(config, { clock: systemClock, logger: silentLogger, fetch: globalThis.fetch, ...ports });
  const token = await issueToken(loadOrCreateSigningKey(dataDir), 3600);

  async function api(target: string, init: Parameters<TestService['api']>[1] = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...init.headers };
    const bearer = init.token === undefined ? token : init.token;
    if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
    let body: string | undefined = init.rawBody;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${service.apiUrl}${target}`, { method: init.method ?? 'GET', headers, body, signal: AbortSignal.timeout(10_000) });
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  }

  return {
    ...service,
    dataDir,
    token,
    api,
    async stop() {
      await service.close();
      if (!overrides.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
