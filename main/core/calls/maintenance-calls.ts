// The contract's maintenance calls. (Being built.)
import type { CoreCalls } from '../../../common/ipc/contract.ts';
import type { CoreRuntime } from '../app/core-runtime.ts';
import { VigilCoreError } from './call-error.ts';

export function maintenanceCalls(_runtime: CoreRuntime) {
  return {
    async startMaintenance() {
      throw new VigilCoreError('Not yet.');
    },
    async endMaintenance() {
      throw new VigilCoreError('Not yet.');
    },
    async getItemRules() {
      throw new VigilCoreError('Not yet.');
    },
    async setItemRules() {
      throw new VigilCoreError('Not yet.');
    },
  } satisfies Partial<CoreCalls>;
}
