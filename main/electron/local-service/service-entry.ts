// Entry of the local service's utility process (bundled as out/main/local-service.js).
import { makeNewFilesPrivate } from '../../../common/private-files.ts';
import { stderrLogger } from '../../../service/logger.ts';
import { runServiceProcess } from './service-process.ts';
import { startLocalService } from './start-local-service.ts';

// The databases SQLite creates (and their -wal/-shm) are the user's alone: umask 077 (common/private-files.ts).
makeNewFilesPrivate(process);
const logger = stderrLogger();

void runServiceProcess({
  parentPort: process.parentPort,
  argv: process.argv,
  logger,
  exit: (code) => process.exit(code),
  start: (dataDir) => startLocalService(dataDir, logger),
});
