// What of a file's entry a server keeps (docs/client.md): the extension settings of §16 go to a server that lists
// their extension under GET /capabilities (`checks` for a monitor's, `cron` for a heartbeat's); a spec-only server
// gets the spec's fields, and the report says per item which settings were not kept, never silently. A secret
// header's value is in the file only masked: it is left out, and the report names the header to give again. An
// address with a masked secret (secret-urls.ts) cannot be left out: the item is skipped, and the report says so.
import { heartbeatFields, isJsonObject, isMaskedValue, monitorFields, SECRET_MASK, type JsonObject } from '../../../common/api/index.ts';
import { fieldsWhere, type ExportedExtensionKey, type FieldExtension, type FieldTable } from '../../../common/api/resource-fields.ts';
import { formatDuration } from '../../../common/format/duration.ts';

/** Which extensions of §16 the server lists. */
export interface ServerOffers {
  checks: boolean;
  cron: boolean;
}

/** The entry to check and send, and what of it the server will not keep; or why it cannot be made there at all. */
export type EntryForServer = { entry: unknown; notKept?: string | undefined } | { skip: string };

/** How the report names each setting an extension adds, from its value and its entry; undefined: said with another. A
 * field added to the extension in its table must be named here, or this does not compile. */
type SettingWords<Table extends FieldTable, Extension extends FieldExtension> = Record<ExportedExtensionKey<Table, Extension>, (value: unknown, entry: JsonObject) => string | undefined>;

/** The exported fields an extension adds, in the table's order. */
function settingsOf(table: FieldTable, extension: FieldExtension): string[] {
  return fieldsWhere(table, (spec) => spec.extension === extension && spec.exported !== undefined);
}

const CHECK_FIELDS = settingsOf(monitorFields, 'checks');
const CRON_FIELDS = settingsOf(heartbeatFields, 'cron');

function without(entry: JsonObject, fields: readonly string[]): JsonObject {
  return Object.fromEntries(Object.entries(entry).filter(([field]) => !fields.includes(field)));
}

/** "a", "a and b", "a, b and c" */
function listed(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1) ?? ''}`;
}

const seconds = (value: unknown) => (typeof value === 'number' ? formatDuration(value * 1000, 'exact') : String(value));
const plural = (count: number, one: string, more: string) => (count === 1 ? one : more);

const checkSettings: SettingWords<typeof monitorFields, 'checks'> = {
  method: (value) => `method ${String(value)}`,
  headers: (value) => {
    const names = isJsonObject(value) ? Object.keys(value) : [];
    return `${plural(names.length, 'header', 'headers')} ${listed(names)}`;
  },
  // Said with the headers they mark.
  secret_headers: (_value, entry) => (entry['headers'] === undefined ? 'secret header names' : undefined),
  body: () => 'the request body',
  expect: () => 'the expectations',
  tls: () => 'the certificate settings',
  retry_seconds: (value) => `the re-check after ${seconds(value)}`,
  dns: () => 'the dns lookup',
};

/** The settings of the extension the entry has, and the words the report says them in. */
function settingsIn(entry: JsonObject, fields: readonly string[], words: Record<string, (value: unknown, entry: JsonObject) => string | undefined>) {
  const settings = fields.filter((field) => entry[field] !== undefined && entry[field] !== null);
  return { settings, words: settings.map((field) => words[field]?.(entry[field], entry)).filter((word) => word !== undefined) };
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
    const { settings, words } = settingsIn(entry, CHECK_FIELDS, checkSettings);
    if (settings.length === 0) return { entry };
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

const cronSettings: SettingWords<typeof heartbeatFields, 'cron'> = {
  schedule: (value, entry) => `the schedule “${String(value)}”${typeof entry['timezone'] === 'string' ? ` in ${entry['timezone']}` : ''}`,
  timezone: (value, entry) => (entry['schedule'] === undefined ? `the time zone ${String(value)}` : undefined),
  grace_seconds: (value) => `the grace of ${seconds(value)}`,
  max_runtime_seconds: (value) => `the longest run of ${seconds(value)}`,
};

export function heartbeatEntryFor(entry: unknown, offers: ServerOffers): EntryForServer {
  if (!isJsonObject(entry)) return { entry };
  if (offers.cron) {
    // A schedule brings its own interval, which the server works out (and it refuses both together).
    return { entry: entry['schedule'] === undefined ? entry : without(entry, ['expected_interval']) };
  }
  const { settings, words } = settingsIn(entry, CRON_FIELDS, cronSettings);
  if (settings.length === 0) return { entry };
  const instead = entry['schedule'] !== undefined && typeof entry['expected_interval'] === 'number' ? `; it expects a ping every ${seconds(entry['expected_interval'])} instead` : '';
  return { entry: without(entry, CRON_FIELDS), notKept: `Not kept, as the server does not offer schedules (cron): ${listed(words)}${instead}.` };
}

export function handlerEntryFor(entry: unknown): EntryForServer {
  if (!isJsonObject(entry)) return { entry };
  return maskedAddress(entry, 'destination') ?? { entry };
}
