// The monitoring service as the benchmarks run it in their own process: on a data dir, a free port, with rate
// limits out of the way, the real clock and fetch, and a token for its API.
import { backgroundClock } from '../common/clock.ts';
import { loadOrCreateSigningKey } from '../service/auth/signing-key.ts';
import { issueToken } from '../service/auth/tokens.ts';
import { stderrLogger } from '../service/logger.ts';
import { startService, type RunningService } from '../service/monitoring-service.ts';
import { resolveConfig } from '../service/service-config.ts';

export async function startMeasuredService(dataDir: string): Promise<{ service: RunningService; token: string }> {
  const config = resolveConfig(dataDir, { port: 0, rateLimitPerMinute: 10_000_000, rdapBootstrapUrl: 'http://127.0.0.1:9/', rdapAllowHttp: true });
  const service = await startService(config, { clock: backgroundClock, logger: stderrLogger('warn'), fetch: globalThis.fetch });
  return { service, token: await issueToken(loadOrCreateSigningKey(dataDir), 3600) };
}
