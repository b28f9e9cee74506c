// The embedded service as local mode runs it: the data folder's config, on a free loopback port (port 0, as the
// plain-Node launcher does; the core points the local connection at whatever address it gets).
import type { Logger } from '../../../common/logger.ts';
import { ensureDataDir } from '../../../service/data-dir.ts';
import { startService } from '../../../service/monitoring-service.ts';
import { resolveConfig } from '../../../service/service-config.ts';
import { backgroundClock } from '../../../common/clock.ts';
import type { StartedService } from './service-process.ts';

export function startLocalService(dataDir: string, logger: Logger): Promise<StartedService> {
  return startService(resolveConfig(ensureDataDir(dataDir), { port: 0 }), { clock: backgroundClock, logger, fetch: globalThis.fetch });
}
