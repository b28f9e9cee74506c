// The embedded service as local mode runs it, as the plain-Node launcher runs `vigil service` with no --port: the
// data folder's config on its usual port (config.json's `port`, which the core remembers after the first start,
// else 8731), or a free one while another program holds it; the core points the local connection at the address.
import type { Logger } from '../../../common/logger.ts';
import { ensureDataDir } from '../../../service/data-dir.ts';
import { startService } from '../../../service/monitoring-service.ts';
import { resolveConfig } from '../../../service/service-config.ts';
import { backgroundClock } from '../../../common/clock.ts';
import type { StartedService } from './service-process.ts';

export function startLocalService(dataDir: string, logger: Logger): Promise<StartedService> {
  return startService(resolveConfig(ensureDataDir(dataDir)), { clock: backgroundClock, logger, fetch: globalThis.fetch }, { portIfTaken: 'any' });
}
