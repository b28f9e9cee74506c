// Runs one check of any type with the shared options; the single entry point the scheduler uses.
import type { Clock } from '../../common/clock.ts';
import { backgroundClock } from '../../common/clock.ts';
import type { CheckResult, CheckTarget } from './check-result.ts';
import { checkDns } from './dns-check.ts';
import { BodyBudget } from './body-budget.ts';
import { createCheckAgents, type CheckAgents } from './http-agents.ts';
import { checkHttp } from './http-check.ts';
import { describeNetworkError } from './network-error.ts';
import { checkPing } from './ping-check.ts';
import { checkTcp } from './tcp-check.ts';
import { checkUdp } from './udp-check.ts';

export type { CheckResult, CheckTarget } from './check-result.ts';

export interface CheckOptions {
  clock?: Clock;
  /** Whole-check deadline; default 10 s. */
  timeoutMs?: number;
  /** http: redirects followed before giving up; default 5. */
  maxRedirects?: number;
  /** http: the keep-alive agents; by default one shared pair for the process. */
  agents?: CheckAgents;
  /** http: what body reads may hold at once; by default one budget for the process. */
  bodies?: BodyBudget;
  /** ping: the binary; default `ping`. */
  pingCommand?: string;
  /** ping on macOS for IPv6 literals; default `ping6`. */
  ping6Command?: string;
  /** ping: which platform's flags to use; default this process's. */
  platform?: NodeJS.Platform;
}

const defaultTimeoutMs = 10_000;
const defaultMaxRedirects = 5;

const sharedAgents = createCheckAgents();
const sharedBodyBudget = new BodyBudget();

async function dispatch(target: CheckTarget, options: CheckOptions): Promise<CheckResult> {
  const clock = options.clock ?? backgroundClock;
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  switch (target.type) {
    case 'http':
      return checkHttp(target.url, target.http, {
        clock,
        timeoutMs,
        maxRedirects: options.maxRedirects ?? defaultMaxRedirects,
        agents: options.agents ?? sharedAgents,
        bodies: options.bodies ?? sharedBodyBudget,
      });
    case 'tcp':
      return checkTcp(target.url, { clock, timeoutMs });
    case 'udp':
      return checkUdp(target.url, { clock, timeoutMs });
    case 'ping':
      return checkPing(target.url, {
        clock,
        timeoutMs,
        pingCommand: options.pingCommand ?? 'ping',
        ping6Command: options.ping6Command ?? 'ping6',
        platform: options.platform ?? process.platform,
      });
    case 'dns':
      // A dns monitor is never stored without its lookup; a target built otherwise is a bug to show, not to guess.
      if (target.dns === undefined) return { ok: false, durationMs: 0, error: 'no DNS record type to look up (the monitor has no "dns")' };
      return checkDns(target.url, target.dns, { clock, timeoutMs });
    default:
      // Types come from stored rows, which may be newer than this code.
      return { ok: false, durationMs: 0, error: `unknown check type "${String(target.type)}"` };
  }
}

/** Never rejects: anything unexpected becomes a failed check. */
export async function runCheck(target: CheckTarget, options: CheckOptions = {}): Promise<CheckResult> {
  try {
    return await dispatch(target, options);
  } catch (error) {
    return { ok: false, durationMs: 0, error: `check failed: ${describeNetworkError(error)}` };
  }
}
