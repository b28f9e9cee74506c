// The contract's service over the core: every call's arguments checked against the contract again (so an
// in-process caller gets the same guarantees as the transports), and every failure turned into one sentence.
import { checkCall, vigilMethods, type VigilMethod, type VigilService } from '../../../common/ipc/contract.ts';
import { toCoreError, VigilCoreError } from './call-error.ts';
import { connectionMethods } from './connection-methods.ts';
import type { CoreRuntime } from './core-runtime.ts';
import { localServiceMethods } from './local-service-methods.ts';
import { notificationMethods } from './notification-methods.ts';
import { resourceMethods } from './resource-methods.ts';
import type { ServiceImplementation } from './service-types.ts';
import { settingsMethods } from './settings-methods.ts';

type AnyMethod = (...args: unknown[]) => Promise<unknown>;

export function vigilService(runtime: CoreRuntime): VigilService {
  const implementation: ServiceImplementation = {
    getStatus: async () => runtime.status(),
    refreshNow: async () => {
      await runtime.refreshNow();
      return undefined;
    },
    ...connectionMethods(runtime),
    ...resourceMethods(runtime),
    ...notificationMethods(runtime),
    ...settingsMethods(runtime),
    ...localServiceMethods(runtime),
  };
  const service: Partial<Record<VigilMethod, AnyMethod>> = {};
  for (const method of Object.keys(vigilMethods) as VigilMethod[]) {
    const run = implementation[method] as AnyMethod;
    service[method] = async (...args: unknown[]) => {
      const checked = checkCall(method, args);
      if (!checked.ok) throw new VigilCoreError(checked.error.message, { code: checked.error.code, details: checked.error.details });
      try {
        return await run(...checked.args);
      } catch (error) {
        throw toCoreError(error, method, runtime.logger);
      }
    };
  }
  return service as VigilService;
}
