// How the sandboxed preload learns the contract's names. The preload may import only types from common/ (a
// sandboxed preload cannot load app files, and the layer rule keeps zod and the schemas out of it), and a copy of
// the lists inside preload/ would drift. So main, which has the contract, passes the names to the window's
// renderer process as `additionalArguments`, and the preload reads them from `process.argv`: one source of truth,
// no synchronous IPC at start-up, nothing the page can change. Names are plain identifiers, so no quoting issue.
import { vigilEvents, vigilMethods } from '../../../common/ipc/contract.ts';

export const methodsArgument = '--vigil-methods=';
export const eventsArgument = '--vigil-events=';

export function contractArguments(): string[] {
  return [`${methodsArgument}${Object.keys(vigilMethods).join(',')}`, `${eventsArgument}${vigilEvents.join(',')}`];
}
