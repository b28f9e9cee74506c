// The service's settings: defaults, overridden by `config.json` in the data dir, overridden by command-line flags.
// Every field is documented in docs/service.md.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { validationDetails } from '../common/api/index.ts';
import { describeJsonSyntaxFault, readJsonText } from '../common/json-syntax.ts';
import { defaultQuotas } from './http/api-context.ts';

const configFileSchema = z
  .object({
    host: z.string().min(1),
    port: z.number().int().min(0).max(65_535),
    publicOrigin: z.string().regex(/^https?:\/\/[^/?#\s]+$/, 'must be an origin like http://192.168.1.10:8731 (no path)'),
    rateLimitPerMinute: z.number().int().min(1),
    bodyLimitBytes: z.number().int().min(1024).max(16 * 1024 * 1024),
    quotas: z.object({
      monitors: z.number().int().min(0),
      heartbeats: z.number().int().min(0),
      domains: z.number().int().min(0),
      handlers: z.number().int().min(0),
    }),
    failuresToConfirmDown: z.number().int().min(1).max(100),
    checkConcurrency: z.number().int().min(1).max(10_000),
    checkTimeoutMs: z.number().int().min(100).max(120_000),
    maxRedirects: z.number().int().min(0).max(20),
    pingCommand: z.string().min(1),
    historyRetentionHours: z.number().min(24).max(24 * 366),
    hourlyRetentionDays: z.number().int().min(31).max(3_660),
    dailyRetentionDays: z.number().int().min(366).max(3_660),
    pingRetentionDays: z.number().int().min(1).max(3_660),
    heartbeatGraceSeconds: z.number().int().min(0).max(86_400),
    domainThresholds: z.array(z.number().int().min(1).max(365)).min(1).max(10),
    domainRefreshHours: z.number().min(1).max(24 * 30),
    rdapBootstrapUrl: z.string().url(),
    rdapAllowHttp: z.boolean(),
    smtp: z.unknown(),
  })
  .partial()
  .strict();

export type ServiceConfigFile = z.infer<typeof configFileSchema>;

export const serviceDefaults = {
  host: '127.0.0.1',
  port: 8731,
  publicOrigin: undefined as string | undefined,
  rateLimitPerMinute: 1_200,
  // Room for a monitor at every limit of docs/api-decisions.md §16 (a 64 KB body, JSON-escaped, and 20 headers of
  // 4,096 characters), so a field over its limit is a 400 naming it, never a 413 for the request as a whole.
  bodyLimitBytes: 512 * 1024,
  quotas: defaultQuotas,
  failuresToConfirmDown: 2,
  checkConcurrency: 100,
  checkTimeoutMs: 10_000,
  maxRedirects: 5,
  pingCommand: 'ping',
  historyRetentionHours: 48,
  hourlyRetentionDays: 35,
  dailyRetentionDays: 400,
  pingRetentionDays: 90,
  heartbeatGraceSeconds: 60,
  domainThresholds: [30, 14, 7, 1],
  domainRefreshHours: 24,
  rdapBootstrapUrl: 'https://data.iana.org/rdap/dns.json',
  rdapAllowHttp: false,
  smtp: undefined as unknown,
};

export type ServiceConfig = typeof serviceDefaults & { dataDir: string };

export const configFileName = 'config.json';

/** Reads `config.json` from the data dir (absent is fine); a broken file is a clear error naming where it breaks,
 * never quoting it, and never ignored. */
export function readConfigFile(dataDir: string): ServiceConfigFile {
  const file = path.join(dataDir, configFileName);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  // The parser's own message would quote the file around the fault, a password perhaps: only the place is told.
  const json = readJsonText(text);
  if (!json.ok) throw new Error(`${file} is not valid JSON at ${describeJsonSyntaxFault(json.fault)}.`);
  const result = configFileSchema.safeParse(json.value);
  if (!result.success) {
    const problems = validationDetails(result.error).map((d) => `${d.field || 'the file'} ${d.message}`);
    throw new Error(`${file} has invalid settings: ${problems.join('; ')}`);
  }
  return result.data;
}

export function resolveConfig(dataDir: string, ...layers: Partial<ServiceConfig>[]): ServiceConfig {
  const merged: ServiceConfig = { ...serviceDefaults, dataDir };
  for (const layer of [readConfigFile(dataDir), ...layers]) {
    for (const [key, value] of Object.entries(layer)) if (value !== undefined) Object.assign(merged, { [key]: value });
  }
  return merged;
}
