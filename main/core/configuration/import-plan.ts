// What an import would do (pure): each entry of the file checked with the rules a form uses, matched against what
// the server has by its identity (configuration-identity.ts) and against the entries before it; what is left is
// created in the file's order.
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

export type PlannedCreate =
  | { kind: 'monitor'; name: string; body: MonitorCreateBody }
  | { kind: 'heartbeat'; name: string; body: HeartbeatCreateBody }
  | { kind: 'domain'; name: string; body: DomainCreateBody }
  | { kind: 'handler'; name: string; body: NotificationHandlerCreateBody };

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
  check(entry: unknown): { ok: true; value: Body } | { ok: false; details: { field: string; message: string }[] };
  identity(body: Body): string;
  name(body: Body): string;
}

const sections = {
  monitors: { kind: 'monitor', check: (entry) => checkInput(monitorCreateInput, entry), identity: (body) => monitorIdentity(body), name: (body) => body.name },
  heartbeats: {
    kind: 'heartbeat',
    check: (entry) => checkInput(heartbeatCreateInput, entry),
    identity: (body) => heartbeatIdentity(body, HEARTBEAT_DEFAULTS.name),
    name: (body) => body.name ?? HEARTBEAT_DEFAULTS.name,
  },
  domains: { kind: 'domain', check: (entry) => checkInput(domainCreateInput, entry), identity: (body) => domainIdentity(body), name: (body) => body.domain },
  notificationHandlers: { kind: 'handler', check: (entry) => checkInput(notificationHandlerCreateInput, entry), identity: (body) => handlerIdentity(body), name: (body) => body.name },
} satisfies {
  monitors: SectionRules<MonitorCreateBody>;
  heartbeats: SectionRules<HeartbeatCreateBody>;
  domains: SectionRules<DomainCreateBody>;
  notificationHandlers: SectionRules<NotificationHandlerCreateBody>;
};

export function planImport(entries: Record<ConfigurationSection, readonly unknown[]>, existing: ExistingConfiguration): ImportPlan {
  const plan: ImportPlan = { create: [], skipped: [] };
  const onServer = {
    monitors: new Set(existing.monitors.map(monitorIdentity)),
    heartbeats: new Set(existing.heartbeats.map((heartbeat) => heartbeatIdentity(heartbeat, HEARTBEAT_DEFAULTS.name))),
    domains: new Set(existing.domains.map(domainIdentity)),
    notificationHandlers: new Set(existing.handlers.map(handlerIdentity)),
  };
  planSection(entries.monitors, sections.monitors, onServer.monitors, plan, (name, body) => ({ kind: 'monitor', name, body }));
  planSection(entries.heartbeats, sections.heartbeats, onServer.heartbeats, plan, (name, body) => ({ kind: 'heartbeat', name, body }));
  planSection(entries.domains, sections.domains, onServer.domains, plan, (name, body) => ({ kind: 'domain', name, body }));
  planSection(entries.notificationHandlers, sections.notificationHandlers, onServer.notificationHandlers, plan, (name, body) => ({ kind: 'handler', name, body }));
  return plan;
}

function planSection<Body>(entries: readonly unknown[], rules: SectionRules<Body>, onServer: ReadonlySet<string>, plan: ImportPlan, planned: (name: string, body: Body) => PlannedCreate): void {
  const inFile = new Set<string>();
  for (const [index, entry] of entries.entries()) {
    const checked = rules.check(entry);
    if (!checked.ok) {
      const [first] = checked.details;
      const why = first === undefined ? 'it is not valid' : `${first.field === '' ? 'the entry' : first.field} ${first.message}`;
      plan.skipped.push({ kind: rules.kind, name: nameOf(entry) ?? `${rules.kind} ${index + 1}`, reason: `not valid: ${why.replace(/[.!]+$/, '')}` });
      continue;
    }
    const identity = rules.identity(checked.value);
    const name = rules.name(checked.value);
    if (onServer.has(identity)) plan.skipped.push({ kind: rules.kind, name, reason: 'already on the server' });
    else if (inFile.has(identity)) plan.skipped.push({ kind: rules.kind, name, reason: 'listed earlier in the file' });
    else plan.create.push(planned(name, checked.value));
    inFile.add(identity);
  }
}

/** A name for an entry that failed its check, if it has one to show. */
function nameOf(entry: unknown): string | undefined {
  if (typeof entry !== 'object' || entry === null) return undefined;
  const { name, domain } = entry as { name?: unknown; domain?: unknown };
  const text = typeof name === 'string' ? name : typeof domain === 'string' ? domain : undefined;
  return text?.trim().slice(0, 200) || undefined;
}
