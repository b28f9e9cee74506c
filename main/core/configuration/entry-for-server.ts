// What of a file's entry a server keeps (docs/client.md): the extension settings of §16 go to a server that lists
// their extension under GET /capabilities (`checks` for a monitor's, `cron` for a heartbeat's); a spec-only server
// gets the spec's fields, and the report says per item which settings were not kept, never silently. A secret
// header's value is in the file only masked: it is left out, and the report names the header to give again. An
// address with a masked secret (secret-urls.ts) cannot be left out: the item is skipped, and the report says so.
import { HTTP_ONLY_FIELDS, isJsonObject, isMaskedValue, SECRET_MASK, type JsonObject } from '../../../common/api/index.ts';
import { formatDuration } from '../../../common/format/duration.ts';

/** Which extensions of §16 the server lists. */
export interface ServerOffers {
  checks: boolean;
  cron: boolean;
}

/** The entry to check and send, and what of it the server will not keep; or why it cannot be made there at all. */
export type EntryForServer = { entry: unknown; notKept?: string | undefined } | { skip: string };

const CHECK_FIELDS = [...HTTP_ONLY_FIELDS, 'retry_seconds'] as const;
const CRON_FIELDS = ['schedule', 'timezone', 'grace_seconds', 'max_runtime_seconds'] as const;

function without(entry: JsonObject, fields: readonly string[]): JsonObject {
  return Object.fromEntries(Object.entries(entry).filter(([field]) => !fields.includes(field)));
}

/** "a", "a and b", "a, b and c" */
function listed(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1) ?? ''}`;
}

const seconds = (value: unknown) => (typeof value === 'number' ? formatDuration(value * 1000, 'exact') : String(value));
const plural = (count: number, one: string, more: string) => (count === 1 ? one : more);

function checkSetting(entry: JsonObject, field: (typeof CHECK_FIELDS)[number]): string | undefined {
  const value = entry[field];
  switch (field) {
    case 'method':
      return `method ${String(value)}`;
    case 'headers': {
      const names = isJsonObject(value) ? Object.keys(value) : [];
      return `${plural(names.length, 'header', 'headers')} ${listed(names)}`;
    }
    case 'secret_headers':
      // Said with the headers they mark.
      return entry['headers'] === undefined ? 'secret header names' : undefined;
    case 'body':
      return 'the request body';
    case 'expect':
      return 'the expectations';
    case 'tls':
      return 'the certificate settings';
    case 'retry_seconds':
      return `the re-check after ${seconds(value)}`;
  }
}

/**
 * Why an entry whose address holds a masked secret is not sent: the new server would check a mask, or post alerts to
 * one. The person puts the secret back in the file (or makes the item by hand).
 */
function maskedAddress(entry: JsonObject, field: 'url' | 'destination'): { skip: string } | undefined {
  const address = entry[field];
  if (typeof address !== 'string' || !isMaskedValue(address)) return undefined;
  return { skip: `the secret in its ${field} is not in the file: type it again in place of ${SECRET_MASK} and import again` };
}

export function monitorEntryFor(entry: unknown, offers: ServerOffers): EntryForServer {
  if (!isJsonObject(entry)) return { entry };
  const masked = maskedAddress(entry, 'url');
  if (masked !== undefined) return masked;
  if (!offers.checks) {
    if (entry['type'] === 'dns') return { skip: 'a dns monitor needs a server that offers the checks extension, and this one does not' };
    const settings = CHECK_FIELDS.filter((field) => entry[field] !== undefined && entry[field] !== null);
    if (settings.length === 0) return { entry };
    const words = settings.map((field) => checkSetting(entry, field)).filter((word) => word !== undefined);
    return { entry: without(entry, CHECK_FIELDS), notKept: `Not kept, as the server does not offer the checks extension: ${listed(words)}.` };
  }
  const headers = entry['headers'];
  if (!isJsonObject(headers)) return { entry };
  const maskedHeaders = Object.entries(headers).filter(([, value]) => typeof value === 'string' && isMaskedValue(value)).map(([name]) => name);
  if (maskedHeaders.length === 0) return { entry };
  return {
    entry: { ...entry, headers: Object.fromEntries(Object.entries(headers).filter(([name]) => !maskedHeaders.includes(name))) },
    notKept: `${plural(maskedHeaders.length, 'The value of the secret header', 'The values of the secret headers')} ${listed(maskedHeaders)} ${plural(maskedHeaders.length, 'is', 'are')} not in the file: type ${plural(maskedHeaders.length, 'it', 'them')} again in the monitor's Request section.`,
  };
}

function cronSetting(entry: JsonObject, field: (typeof CRON_FIELDS)[number]): string | undefined {
  const value = entry[field];
  switch (field) {
    case 'schedule':
      return `the schedule “${String(value)}”${typeof entry['timezone'] === 'string' ? ` in ${entry['timezone']}` : ''}`;
    case 'timezone':
      return entry['schedule'] === undefined ? `the time zone ${String(value)}` : undefined;
    case 'grace_seconds':
      return `the grace of ${seconds(value)}`;
    case 'max_runtime_seconds':
      return `the longest run of ${seconds(value)}`;
  }
}

export function heartbeatEntryFor(entry: unknown, offers: ServerOffers): EntryForServer {
  if (!isJsonObject(entry)) return { entry };
  if (offers.cron) {
    // A schedule brings its own interval, which the server works out (and it refuses both together).
    return { entry: entry['schedule'] === undefined ? entry : without(entry, ['expected_interval']) };
  }
  const settings = CRON_FIELDS.filter((field) => entry[field] !== undefined && entry[field] !== null);
  if (settings.length === 0) return { entry };
  const words = settings.map((field) => cronSetting(entry, field)).filter((word) => word !== undefined);
  const instead = entry['schedule'] !== undefined && typeof entry['expected_interval'] === 'number' ? `; it expects a ping every ${seconds(entry['expected_interval'])} instead` : '';
  return { entry: without(entry, CRON_FIELDS), notKept: `Not kept, as the server does not offer schedules (cron): ${listed(words)}${instead}.` };
}

export function handlerEntryFor(entry: unknown): EntryForServer {
  if (!isJsonObject(entry)) return { entry };
  return maskedAddress(entry, 'destination') ?? { entry };
}
