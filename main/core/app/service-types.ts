// The service as the core implements it: each method takes its arguments as the contract's schemas output them
// (checked, trimmed), and resolves with the contract's result.
import type { z } from 'zod';
import type { VigilMethod, VigilResults, vigilMethods } from '../../../common/ipc/contract.ts';

export type CheckedArgs<M extends VigilMethod> = z.output<(typeof vigilMethods)[M]>;

export type ServiceImplementation = { [M in VigilMethod]: (...args: CheckedArgs<M>) => Promise<VigilResults[M]> };
