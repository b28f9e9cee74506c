// The domain monitor, declared field by field (resource-fields.ts): the spec's fields (§2.3), plus `created_at` and the
// latest lookup from Vigil's service. Every field of a response is optional.

import { z } from 'zod';
import { normalizeDomainName } from './domain-name.ts';
import { readDate, readDateTime, readId, readInteger, readText, type ReadContext } from './fields.ts';
import { BODY_MUST_BE_OBJECT, editBodyError, requiredOr } from './input-fields.ts';
import type { JsonObject } from './json.ts';
import { notesField } from './notes.ts';
import { asIs, createShape, editShape, exporterOf, field, type ReadItem, type ResourceOf } from './resource-fields.ts';

/** Days before expiry at which a domain warns, once each, unless told otherwise: the service's alerts and the
 * client's settings start from the same list. */
export const defaultExpiryThresholds: readonly number[] = Object.freeze([30, 14, 7, 1]);

const domainNameInput = z.string({ error: requiredOr('must be text') }).transform((text, context) => {
  const result = normalizeDomainName(text);
  if (result.ok) return result.domain;
  context.addIssue({ code: 'custom', message: result.message });
  return z.NEVER;
});

export const domainFields = {
  id: field(readId),
  /** As the server keeps it: the ASCII (Punycode) form; `domainNameForPeople` shows it as typed. */
  domain: field(readText, { input: domainNameInput, required: true, exported: asIs }),
  /** `YYYY-MM-DD`. */
  expires_on: field(readDate),
  /** Negative once the domain has expired. */
  days_until_expiry: field(readInteger),
  registrar: field(readText),
  /** Extension sent by Vigil's service (read-only): when it was added; its history starts there. */
  created_at: field(readDateTime, { extension: 'history' }),
  /** Extension (read-only, docs/api-decisions.md §7): when the latest registry lookup ended. */
  last_checked_at: field(readDateTime, { extension: 'history' }),
  /** Extension (read-only): why the latest lookup failed, in words for a person; absent once one succeeds. */
  last_error: field(readText, { extension: 'history' }),
  /** A person's notes on it (notes.ts). */
  notes: notesField,
};

export type Domain = ResourceOf<typeof domainFields>;
export const readDomain = (object: JsonObject, context: ReadContext): ReadItem<typeof domainFields> => ({
  id: domainFields.id.read(object, 'id', context),
  domain: domainFields.domain.read(object, 'domain', context),
  expires_on: domainFields.expires_on.read(object, 'expires_on', context),
  days_until_expiry: domainFields.days_until_expiry.read(object, 'days_until_expiry', context),
  registrar: domainFields.registrar.read(object, 'registrar', context),
  created_at: domainFields.created_at.read(object, 'created_at', context),
  last_checked_at: domainFields.last_checked_at.read(object, 'last_checked_at', context),
  last_error: domainFields.last_error.read(object, 'last_error', context),
  notes: domainFields.notes.read(object, 'notes', context),
});
/** A domain's entry in the configuration file. */
export const exportedDomain = exporterOf(domainFields);

/** POST /domains. The output is the normalised ASCII form the service stores. */
export const domainCreateInput = z.object(createShape(domainFields), { error: BODY_MUST_BE_OBJECT });
export type DomainCreateBody = z.output<typeof domainCreateInput>;

/**
 * PATCH /domains/{id} (docs/api-decisions.md §19): the fields its table marks editable, each optional; `null` resets
 * one. The spec has no update for domains, so only a server that lists a field's extension takes it.
 */
const domainEditShape = editShape(domainFields);
export const domainEditInput = z.strictObject(domainEditShape, { error: editBodyError(Object.keys(domainEditShape)) });
export type DomainEdits = z.output<typeof domainEditInput>;
