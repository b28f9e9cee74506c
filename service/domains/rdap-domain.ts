// What Vigil keeps from an RDAP domain object (RFC 9083 §5.3): the expiration event and the registrar's name.
import { dateTimeToEpochMs, isDate } from '../../common/api/datetimes.ts';
import { isJsonObject, type JsonObject } from '../../common/api/json.ts';
import { RdapLookupError } from './rdap-lookup-error.ts';

export interface RdapDomainInfo {
  /** `YYYY-MM-DD`, the UTC calendar date of the expiration event. */
  expiresOn?: string | undefined;
  registrar?: string | undefined;
}

/** Registrars are usually top-level entities or one level down; deeper nesting is not worth walking. */
const maxEntityDepth = 4;

export function readRdapDomain(json: unknown, host: string): RdapDomainInfo {
  if (!isJsonObject(json)) throw badResponse(host, 'is not an RDAP domain object');
  return { expiresOn: expirationDate(json.events, host), registrar: registrarName(json.entities) };
}

function expirationDate(events: unknown, host: string): string | undefined {
  if (events === undefined) return undefined;
  if (!Array.isArray(events)) throw badResponse(host, 'has "events" that are not a list');
  const expiration = (events as unknown[]).find((event) => isJsonObject(event) && event.eventAction === 'expiration');
  if (!isJsonObject(expiration)) return undefined;
  const date = utcDate(expiration.eventDate);
  if (date === undefined) {
    throw badResponse(host, `has an unreadable expiration date ${JSON.stringify(expiration.eventDate)}`);
  }
  return date;
}

function utcDate(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const epochMs = dateTimeToEpochMs(value);
  const date = epochMs === undefined ? dateAsWritten(value) : new Date(epochMs).toISOString().slice(0, 10);
  return date !== undefined && isDate(date) ? date : undefined;
}

/** Some registries write a bare date, or a time without its offset: then the date as written is all we know. */
function dateAsWritten(value: string): string | undefined {
  return /^\d{4}-\d{2}-\d{2}(?:T[\d:.]*)?$/.test(value) ? value.slice(0, 10) : undefined;
}

/** The first entity with the registrar role, nearest the top first: its vCard full name, else its handle. */
function registrarName(entities: unknown): string | undefined {
  let level: unknown[] = Array.isArray(entities) ? entities : [];
  for (let depth = 0; depth < maxEntityDepth && level.length > 0; depth++) {
    let nested: unknown[] = [];
    for (const entity of level) {
      if (!isJsonObject(entity)) continue;
      const name = isRegistrar(entity) ? (vcardFullName(entity.vcardArray) ?? nonEmptyText(entity.handle)) : undefined;
      if (name !== undefined) return name;
      if (Array.isArray(entity.entities)) nested = nested.concat(entity.entities);
    }
    level = nested;
  }
  return undefined;
}

function isRegistrar(entity: JsonObject): boolean {
  const roles: unknown = entity.roles;
  return Array.isArray(roles) && roles.some((role) => typeof role === 'string' && role.toLowerCase() === 'registrar');
}

/** jCard (RFC 7095): ["vcard", [[name, parameters, type, value], …]]. */
function vcardFullName(vcard: unknown): string | undefined {
  if (!Array.isArray(vcard) || !Array.isArray(vcard[1])) return undefined;
  const fn = (vcard[1] as unknown[]).find((property) => Array.isArray(property) && property[0] === 'fn');
  return Array.isArray(fn) ? nonEmptyText(fn[3]) : undefined;
}

function nonEmptyText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function badResponse(host: string, problem: string): RdapLookupError {
  return new RdapLookupError('bad-response', `the answer from ${host} ${problem}`);
}
