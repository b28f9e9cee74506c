// The schemas the contract's methods build their arguments from (contract.ts), with zod itself for a method
// whose argument is its own. Only the call check loads this module; the preload never does.
import { z } from 'zod';
import { domainCreateInput, domainEditInput, heartbeatCreateInput, heartbeatEditInput, monitorCreateInput, notificationHandlerCreateInput } from '../api/index.ts';
import { itemRulesPatchSchema, maintenanceSelectorSchema, maintenanceTargetSchema, maintenanceTimingSchema } from './alerting.ts';
import { ITEM_PAGE_WINDOWS } from './history.ts';
import { ITEM_KEY_KINDS } from './item-key.ts';
import { KUMA_SLUG, SOURCE_KINDS } from './connection-kinds.ts';
import { SETTINGS_BOUNDS, settingsPatchSchema, smtpInputSchema, testEmailSchema } from './settings.ts';

const id = z.string().min(1).max(500);
const token = z.string().min(1).max(16_384).regex(/^\S+$/, 'must be one word with no spaces');
const baseUrl = z.string().min(1).max(2048).regex(/^https?:\/\//, 'must start with http:// or https://');

export const argumentSchemas = {
  z,
  id,
  token,
  /** The connection a call is about (a server of the settings; its id names its token in the keychain). */
  connectionId: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'must be the id of a connection'),
  /** A server item key (`<connectionId>/monitor:42`, common/ipc/item-key.ts). */
  itemKey: z.string().min(3).max(600).regex(new RegExp(`^[A-Za-z0-9][A-Za-z0-9_-]{0,63}/(${ITEM_KEY_KINDS})[:?]`), 'must be a server item key like "work/monitor:42"'),
  snoozeFor: z.union([z.literal('1h'), z.literal('4h'), z.literal('8h'), z.literal('until-resumed')]),
  pauseFor: z.union([z.literal('1h'), z.literal('4h'), z.literal('until-resumed')]),
  maintenanceTarget: maintenanceTargetSchema,
  maintenanceTiming: maintenanceTimingSchema,
  maintenanceSelector: maintenanceSelectorSchema,
  itemRulesPatch: itemRulesPatchSchema,
  newConnection: z.object({ name: z.string().trim().min(1).max(SETTINGS_BOUNDS.connectionNameLength), baseUrl, token }),
  connectionTest: z.object({ baseUrl, token: token.optional(), connectionId: id.optional() }),
  /** What a person typed in "Add a server or source": an address, with or without its scheme. */
  sourceAddress: z.string().trim().min(1).max(2048),
  /** A read-only source to watch: its kind, its base URL, Kuma's status page, and its API key when it has one. */
  newSource: z.object({
    name: z.string().trim().min(1).max(SETTINGS_BOUNDS.connectionNameLength),
    baseUrl,
    sourceKind: z.enum(SOURCE_KINDS),
    page: z.string().regex(KUMA_SLUG, 'must be a status page slug').max(255).optional(),
    key: token.optional(),
  }),
  monitorCreateInput,
  /** PUT /monitors takes the full Monitor; the edited fields' bounds are checked where the body is built (buildMonitorPutBody). */
  monitorEdits: z.record(z.string(), z.unknown()),
  heartbeatCreateInput,
  heartbeatEdits: heartbeatEditInput,
  domainCreateInput,
  domainEdits: domainEditInput,
  notificationHandlerCreateInput,
  settingsPatch: settingsPatchSchema,
  smtpInput: smtpInputSchema,
  testEmail: testEmailSchema,
  pageWindow: z.enum(ITEM_PAGE_WINDOWS),
  /** A moment, epoch ms. */
  epochMs: z.number().int().min(0).max(8_640_000_000_000_000),
  exportFormat: z.enum(['csv', 'json']),
  /** An exported configuration file as text (at most 8 MiB: 50,000 monitors fit). */
  configurationText: z.string().min(1).max(8 * 1024 * 1024),
};

export type ArgumentSchemas = typeof argumentSchemas;
