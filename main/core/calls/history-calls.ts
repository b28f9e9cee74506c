// The contract's history calls: an item's page, older checks, the events feed, the list's 24-hour bars, and the
// files of "your data out and in".
import type { CoreCalls } from '../../../common/ipc/contract.ts';
import type { CoreRuntime } from '../app/core-runtime.ts';
import { VigilCoreError } from './call-error.ts';

const notYet = () => Promise.reject(new VigilCoreError('History is not available yet.'));

export function historyCalls(_runtime: CoreRuntime) {
  return {
    getItemHistory: notYet,
    listChecks: notYet,
    listEvents: notYet,
    getListHistory: notYet,
    exportItemHistory: notYet,
    exportConfiguration: notYet,
    importConfiguration: notYet,
  } satisfies Partial<CoreCalls>;
}
