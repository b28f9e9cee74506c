// What each test of a store kept in a file (the settings, the alert state) starts from: a fresh folder of its own,
// removed after the test, and a logger that keeps what the store warned about.
import { beforeEach } from 'vitest';
import { recordingLogger, type RecordingLogger } from '../../helpers/recording-logger.ts';
import { tempFolders } from '../../helpers/temp-folders.ts';

export interface StoreBench {
  /** The current test's folder, named `<prefix>…`. */
  readonly directory: string;
  readonly logger: RecordingLogger;
}

/** A folder and a logger made afresh before each test of the enclosing block; read them inside hooks and tests. */
export function storeBenchForEachTest(prefix: string): StoreBench {
  const freshFolder = tempFolders(prefix);
  const bench = { directory: '', logger: recordingLogger() };
  beforeEach(() => {
    bench.directory = freshFolder();
    bench.logger = recordingLogger();
  });
  return bench;
}
