// The monitoring service as the benchmarks run it in their own process: on a data dir, a free port, with rate
// limits out of the way, the real fetch, a clock (the real one unless the benchmark moves time itself), and a token
// for its API.
import { backgroundClock, type Clock } from '../common/clock.ts';
import { loadOrCreateSigningKey } from '../service/auth/signing-key.ts';
import { issueToken } from '../service/auth/tokens.ts';
import { stderrLogger } from '../service/logger.ts';
import { startService, type RunningService } from '../service/monitoring-service.ts';
import { resolveConfig } from '../service/service-config.ts';

export interface MeasuredServiceOptions {
  clock?: Clock;
  /** The token's lifetime: an hour, unless the benchmark runs longer or moves the clock on. */
  tokenSeconds?: number;
}

export async function startMeasuredService(dataDir: string, { clock = backgroundClock, tokenSeconds = 3600 }: MeasuredServiceOptions = {}): Promise<{ service: RunningService; token: string }> {
  const config = resolveConfig(dataDir, { port: 0, rateLimitPerMinute: 10_000_000, rdapBootstrapUrl: 'http://127.0.0.1:9/', rdapAllowHttp: true });
  const service = await startService(config, { clock, logger: stderrLogger('warn'), fetch: globalThis.fetch });
  return { service, token: await issueToken(loadOrCreateSigningKey(dataDir), tokenSeconds) };
}
