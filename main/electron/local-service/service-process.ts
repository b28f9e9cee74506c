// What runs inside the local service's utility process: start the embedded service on a free loopback port,
// tell main its address, stop cleanly when main asks. The service itself is injected, so this is tested in Node.
import type { Logger } from '../../../common/logger.ts';
import { isStopMessage, type ServiceToMain } from './messages.ts';

export interface ParentPortLike {
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown;
  postMessage(message: ServiceToMain): void;
}

export interface StartedService {
  apiUrl: string;
  close(): Promise<void>;
}

export interface ServiceProcessOptions {
  parentPort: ParentPortLike;
  argv: readonly string[];
  start(dataDir: string): Promise<StartedService>;
  exit(code: number): void;
  logger: Logger;
}

/** The utility process's name, as app.getAppMetrics() reports it (the release smoke test's memory table finds the
 * service by it). */
export const localServiceProcessName = 'Vigil local service';

export const dataDirArgument = '--data-dir=';

/** One sentence for a failure to listen, as `vigil service` words it. */
export function startFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE') return 'The local monitoring service could not listen: its port is already in use.';
  if (code === 'EACCES') return 'The local monitoring service is not allowed to listen on its port.';
  const reason = error instanceof Error ? error.message.split('\n', 1)[0] : String(error);
  return `The local monitoring service could not start: ${reason?.replace(/[.!]+$/, '') ?? 'unknown error'}.`;
}

export async function runServiceProcess(options: ServiceProcessOptions): Promise<void> {
  const { parentPort, exit, logger } = options;
  const dataDir = options.argv.find((argument) => argument.startsWith(dataDirArgument))?.slice(dataDirArgument.length);
  if (dataDir === undefined || dataDir === '') {
    parentPort.postMessage({ type: 'failed', message: 'The local monitoring service was started without a data folder.' });
    exit(2);
    return;
  }
  let service: StartedService;
  try {
    service = await options.start(dataDir);
  } catch (error) {
    parentPort.postMessage({ type: 'failed', message: startFailure(error) });
    exit(1);
    return;
  }
  let stopping = false;
  parentPort.on('message', ({ data }) => {
    if (!isStopMessage(data) || stopping) return;
    stopping = true;
    service.close().then(
      () => exit(0),
      (error: unknown) => {
        logger.error('The local monitoring service did not shut down cleanly.', { error: String(error) });
        exit(1);
      },
    );
  });
  parentPort.postMessage({ type: 'ready', apiUrl: service.apiUrl });
}
