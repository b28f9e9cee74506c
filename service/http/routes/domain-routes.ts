// /domains: list, create (looked up over RDAP right away), read, edit (the fields extensions make editable,
// docs/api-decisions.md §19), delete.
import type { FastifyInstance } from 'fastify';
import { domainCreateInput, domainEditInput, domainFields, domainNameForPeople, type DomainCreateBody, type DomainEdits } from '../../../common/api/index.ts';
import { fieldsWhere, type EditableKey } from '../../../common/api/resource-fields.ts';
import { newId } from '../../ids.ts';
import { ApiError, notFound } from '../api-error.ts';
import type { ApiContext } from '../api-context.ts';
import { editedFields } from '../field-edits.ts';
import { requireQuota } from '../validate.ts';
import { domainJson } from '../views.ts';

type IdParams = { Params: { id: string } };

const editableFields = fieldsWhere<EditableKey<typeof domainFields>>(domainFields, (spec) => spec.editable === true);

export function domainRoutes(app: FastifyInstance, context: ApiContext): void {
  const { domains, clock, events } = context;

  app.get('/domains', () => {
    const now = clock.now();
    return domains.all().map((record) => domainJson(record, now));
  });

  app.post<{ Body: DomainCreateBody }>('/domains', { schema: { body: domainCreateInput } }, async (request, reply) => {
    const { domain } = request.body;
    // Named as its owner writes it (bücher.example, not xn--bcher-kva.example): the message is for a person.
    if (domains.findByName(domain)) throw new ApiError(409, 'conflict', `${domainNameForPeople(domain)} is already watched.`);
    requireQuota(domains.count(), context.quotas.domains, 'domains');
    const record = domains.create(newId('domain'), request.body, new Date(clock.now()).toISOString());
    events.domainCreated(record);
    return reply.code(201).send(domainJson(record, clock.now()));
  });

  app.get<IdParams>('/domains/:id', (request) => {
    const record = domains.get(request.params.id);
    if (!record) throw notFound('Domain');
    return domainJson(record, clock.now());
  });

  app.patch<IdParams & { Body: DomainEdits }>('/domains/:id', { schema: { body: domainEditInput } }, (request) => {
    const stored = domains.get(request.params.id);
    if (!stored) throw notFound('Domain');
    // Just read, in the same synchronous turn: the edit finds it.
    return domainJson(domains.edit(stored.id, editedFields(editableFields, request.body, stored)) ?? stored, clock.now());
  });

  app.delete<IdParams>('/domains/:id', async (request, reply) => {
    const record = domains.delete(request.params.id);
    if (!record) throw notFound('Domain');
    events.domainDeleted(record);
    return reply.code(204).send();
  });
}
