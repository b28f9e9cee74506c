// Content rules for request fields, as plain functions returning a message a UI can show next to the
// field ("must …"), or undefined when the value is fine. The zod schemas and the PUT-body builder share them.

import { durationInWords } from '../format/duration.ts';
import { dnsHostRule } from './dns-check-input.ts';
import { isEmailAddress } from './email-address.ts';
import { isHostPort, isPingTarget, parseHttpUrl } from './hostnames.ts';
import { INPUT_LIMITS } from './input-limits.ts';
import type { MonitorType } from './known.ts';

export type Rule<T> = (value: T) => string | undefined;

// Line and paragraph separators are not Cc but break a one-line name just the same.
const CONTROL_OR_LINE_BREAK = /[\p{Cc}\u2028\u2029]/u;
const HANDLER_TYPE = /^[a-z][a-z0-9_-]*$/;

/** Expects trimmed text. */
export const nameRule: Rule<string> = (name) => {
  if (name === '') return 'must not be empty';
  const max = INPUT_LIMITS.nameMaxLength;
  // Counting code points allocates, so only when the UTF-16 length says it might matter.
  if (name.length > max && Array.from(name).length > max) return `must be at most ${max} characters`;
  if (CONTROL_OR_LINE_BREAK.test(name)) return 'must not contain control characters or line breaks';
  if (!name.isWellFormed()) return 'must not contain broken (unpaired surrogate) characters';
  return undefined;
};

/**
 * A length of time sent as whole seconds. The bounds are said in the units a person reads ("between 10 seconds and
 * 366 days"), so the message fits a form that took minutes or hours as well as a request that sent seconds.
 */
export function secondsRangeRule({ min, max }: { min: number; max: number }): Rule<number> {
  return (seconds) => {
    if (!Number.isInteger(seconds)) return 'must be a whole number of seconds';
    if (seconds >= min && seconds <= max) return undefined;
    return `must be between ${durationInWords(min)} and ${durationInWords(max)}`;
  };
}

export const frequencyRule = secondsRangeRule(INPUT_LIMITS.frequencySeconds);
export const expectedIntervalRule = secondsRangeRule(INPUT_LIMITS.expectedIntervalSeconds);
export const retrySecondsRule = secondsRangeRule(INPUT_LIMITS.retrySeconds);

export const maxResponseMsRule: Rule<number> = (ms) => {
  const { min, max } = INPUT_LIMITS.maxResponseMs;
  return Number.isInteger(ms) && ms >= min && ms <= max ? undefined : `must be a whole number of milliseconds between ${min} and ${max}`;
};

export const httpUrlRule: Rule<string> = (url) => {
  const parsed = parseHttpUrl(url);
  return parsed.ok ? undefined : parsed.message;
};

/** Any one-line text, for a monitor or handler type this code does not know (a remote server's "smtp"). */
export function plainTextRule(max: number): Rule<string> {
  return (text) => {
    if (text === '') return 'must not be empty';
    if (text.length > max) return `must be at most ${max} characters`;
    if (CONTROL_OR_LINE_BREAK.test(text)) return 'must not contain control characters or line breaks';
    return undefined;
  };
}

/** What `url` must hold for each monitor type. */
export function monitorTargetRule(type: MonitorType): Rule<string> {
  switch (type) {
    case 'http':
      return httpUrlRule;
    case 'tcp':
    case 'udp':
      return (target) =>
        isHostPort(target)
          ? undefined
          : 'must be host:port, like example.com:443 or [2001:db8::1]:53, with a port from 1 to 65535';
    case 'ping':
      return (target) =>
        isPingTarget(target) ? undefined : 'must be a host name or IP address, like example.com or 192.0.2.1';
    case 'dns':
      return dnsHostRule;
  }
}

export const handlerTypeRule: Rule<string> = (type) => {
  if (type === '') return 'must not be empty';
  if (type.length > INPUT_LIMITS.handlerTypeMaxLength || !HANDLER_TYPE.test(type)) {
    return `must be a lower-case word of up to ${INPUT_LIMITS.handlerTypeMaxLength} letters, digits, "_" or "-", starting with a letter`;
  }
  return undefined;
};

/** What `destination` must hold for a handler type; unknown types get only the generic text rule. */
export function destinationRule(type: string): Rule<string> {
  switch (type) {
    case 'email':
      return (address) => {
        if (address === '') return 'must not be empty';
        return isEmailAddress(address) ? undefined : 'must be a single email address, like name@example.com';
      };
    case 'webhook':
      return httpUrlRule;
    default:
      return plainTextRule(INPUT_LIMITS.destinationMaxLength);
  }
}
