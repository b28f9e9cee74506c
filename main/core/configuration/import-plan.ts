// What an import would do (pure): each entry of the file checked with the rules a form uses, matched against what
// the server has by its identity (configuration-identity.ts); what is left is created in the file's order. Matching
// counts: a server holding two heartbeats named "Heartbeat" covers two such entries of the file, and a third is
// created. So a file with look-alike items loses none of them, and a re-run (even after one that stopped halfway)
// adds exactly what is still missing. A domain is one per server: a second entry for it in the file is skipped.
// Before its check, an entry is fitted to what the server offers (entry-for-server.ts), and what it loses is said.
import {
  checkInput,
  domainCreateInput,
  HEARTBEAT_DEFAULTS,
  heartbeatCreateInput,
  monitorCreateInput,
  notificationHandlerCreateInput,
  type Domain,
  type DomainCreateBody,
  type Heartbeat,
  type HeartbeatCreateBody,
  type Monitor,
  type MonitorCreateBody,
  type NotificationHandler,
  type NotificationHandlerCreateBody,
} from '../../../common/api/index.ts';
import type { ConfigurationKind, ImportReport } from '../../../common/ipc/history.ts';
import type { ConfigurationSection } from './configuration-file.ts';
import { domainIdentity, handlerIdentity, heartbeatIdentity, monitorIdentity } from './configuration-identity.ts';
import { handlerEntryFor, heartbeatEntryFor, monitorEntryFor, type EntryForServer, type ServerOffers } from './entry-for-server.ts';

/**
 * `target`: where the item points (a monitor's address, a handler's destination), for the report; `notKept`: what
 * of the entry the server will not keep.
 */
export type PlannedCreate = { name: string; target?: string | undefined; notKept?: string | undefined } & (
  | { kind: 'monitor'; body: MonitorCreateBody }
  | { kind: 'heartbeat'; body: HeartbeatCreateBody }
  | { kind: 'domain'; body: DomainCreateBody }
  | { kind: 'handler'; body: NotificationHandlerCreateBody }
);

export interface ExistingConfiguration {
  monitors: readonly Monitor[];
  heartbeats: readonly Heartbeat[];
  domains: readonly Domain[];
  handlers: readonly NotificationHandler[];
}

export interface ImportPlan {
  create: PlannedCreate[];
  skipped: ImportReport['skipped'];
}

interface SectionRules<Body> {
  kind: ConfigurationKind;
  /** Fits an entry to the server; without it, the entry goes as it is. */
  forServer?(entry: unknown, offers: ServerOffers): EntryForServer;
  check(entry: unknown): { ok: true; value: Body } | { ok: false; details: { field: string; message: string }[] };
  identity(body: Body): string;
  name(body: Body): string;
  /** The server holds at most one item per identity. */
  unique?: true;
}

const sections = {
  monitors: {
    kind: 'monitor',
    forServer: monitorEntryFor,
    check: (entry) => checkInput(monitorCreateInput, entry),
    identity: (body) => monitorIdentity(body),
    name: (body) => body.name,
  },
  heartbeats: {
    kind: 'heartbeat',
    forServer: heartbeatEntryFor,
    check: (entry) => checkInput(heartbeatCreateInput, entry),
    identity: (body) => heartbeatIdentity(body, HEARTBEAT_DEFAULTS.name),
    name: (body) => body.name ?? HEARTBEAT_DEFAULTS.name,
  },
  domains: { kind: 'domain', check: (entry) => checkInput(domainCreateInput, entry), identity: (body) => domainIdentity(body), name: (body) => body.domain, unique: true },
  notificationHandlers: {
    kind: 'handler',
    forServer: handlerEntryFor,
    check: (entry) => checkInput(notificationHandlerCreateInput, entry),
    identity: (body) => handlerIdentity(body),
    name: (body) => body.name,
  },
} satisfies {
  monitors: SectionRules<MonitorCreateBody>;
  heartbeats: SectionRules<HeartbeatCreateBody>;
  domains: SectionRules<DomainCreateBody>;
  notificationHandlers: SectionRules<NotificationHandlerCreateBody>;
};

export function planImport(entries: Record<ConfigurationSection, readonly unknown[]>, existing: ExistingConfiguration, offers: ServerOffers): ImportPlan {
  const plan: ImportPlan = { create: [], skipped: [] };
  const onServer = {
    monitors: countOf(existing.monitors.map(monitorIdentity)),
    heartbeats: countOf(existing.heartbeats.map((heartbeat) => heartbeatIdentity(heartbeat, HEARTBEAT_DEFAULTS.name))),
    domains: countOf(existing.domains.map(domainIdentity)),
    notificationHandlers: countOf(existing.handlers.map(handlerIdentity)),
  };
  const section = <Body>(list: readonly unknown[], rules: SectionRules<Body>, counts: Map<string, number>, planned: (name: string, body: Body) => PlannedCreate) =>
    planSection(list, rules, counts, plan, offers, planned);
  section(entries.monitors, sections.monitors, onServer.monitors, (name, body) => ({ kind: 'monitor', name, target: body.url, body }));
  section(entries.heartbeats, sections.heartbeats, onServer.heartbeats, (name, body) => ({ kind: 'heartbeat', name, body }));
  section(entries.domains, sections.domains, onServer.domains, (name, body) => ({ kind: 'domain', name, body }));
  section(entries.notificationHandlers, sections.notificationHandlers, onServer.notificationHandlers, (name, body) => ({ kind: 'handler', name, target: body.destination, body }));
  return plan;
}

/** How many items the server holds of each identity. */
function countOf(identities: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const identity of identities) counts.set(identity, (counts.get(identity) ?? 0) + 1);
  return counts;
}

function planSection<Body>(
  entries: readonly unknown[],
  rules: SectionRules<Body>,
  onServer: Map<string, number>,
  plan: ImportPlan,
  offers: ServerOffers,
  planned: (name: string, body: Body) => PlannedCreate,
): void {
  const createdHere = new Set<string>();
  for (const [index, fileEntry] of entries.entries()) {
    const fitted = rules.forServer?.(fileEntry, offers) ?? { entry: fileEntry };
    if ('skip' in fitted) {
      plan.skipped.push({ kind: rules.kind, name: nameOf(fileEntry) ?? `${rules.kind} ${index + 1}`, reason: fitted.skip });
      continue;
    }
    const entry = fitted.entry;
    const checked = rules.check(entry);
    if (!checked.ok) {
      const [first] = checked.details;
      const why = first === undefined ? 'it is not valid' : `${first.field === '' ? 'the entry' : first.field} ${first.message}`;
      plan.skipped.push({ kind: rules.kind, name: nameOf(entry) ?? `${rules.kind} ${index + 1}`, reason: `not valid: ${why.replace(/[.!]+$/, '')}` });
      continue;
    }
    const identity = rules.identity(checked.value);
    const name = rules.name(checked.value);
    const unmatched = onServer.get(identity) ?? 0;
    if (unmatched > 0) {
      // Unique items stay matched: a second entry for the same domain meets the one already there.
      if (rules.unique !== true) onServer.set(identity, unmatched - 1);
      plan.skipped.push({ kind: rules.kind, name, reason: 'already on the server' });
    } else if (rules.unique === true && createdHere.has(identity)) {
      plan.skipped.push({ kind: rules.kind, name, reason: 'listed earlier in the file' });
    } else {
      plan.create.push({ ...planned(name, checked.value), ...(fitted.notKept === undefined ? {} : { notKept: fitted.notKept }) });
      createdHere.add(identity);
    }
  }
}

/** A name for an entry that failed its check, if it has one to show. */
function nameOf(entry: unknown): string | undefined {
  if (typeof entry !== 'object' || entry === null) return undefined;
  const { name, domain } = entry as { name?: unknown; domain?: unknown };
  const text = typeof name === 'string' ? name : typeof domain === 'string' ? domain : undefined;
  return text?.trim().slice(0, 200) || undefined;
}
