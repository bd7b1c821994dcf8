import { Hono } from 'hono';
import * as v from 'valibot';
import { notesLength, NOTES_MAX_LENGTH } from '../../../../src/domain/notes';
import {
  ArchiveRequestSchema,
  LeadListRequestSchema,
  MarkReadRequestSchema,
  NoteRequestSchema,
  StatusRequestSchema,
} from '../../../../src/gateway/office/schemas';
import { FeedbackRequestSchema } from '../../../../src/gateway/office/feedback';
import { LeadCountsRequestSchema } from '../../../../src/gateway/office/lead-counts';
import { RegisterNumberRequestSchema } from '../../../../src/gateway/office/registered-number-schemas';
import { HEADERS } from '../../../../src/gateway/core/headers';
import { Id, IdList } from '../../../../src/gateway/core/shared-schemas';
import { requireProvider } from '../access';
import type { SandboxContext, SandboxEnv } from '../context';
import { badRequest, conflict, forbidden, idParam, jsonBody, notFound, parseBody, parseQuery, parseWith } from '../http';
import { countBoard, queryBoard } from '../lead-query';
import type { SandboxStore } from '../store';
import type { Assignment, StoredLead } from '../types';
import { boardLead, hasUnreadMessages, providerCategory } from '../views';

/**
 * Provider dashboard calls (src/gateway/office/calls.ts), mounted at `/gateway`. Every lead
 * action is scoped by the provider: a lead the provider does not hold is a 404.
 */

function heldLead(store: SandboxStore, leadId: number, spId: number): { lead: StoredLead; assignment: Assignment } {
  const lead = store.lead(leadId);
  const assignment = lead && store.assignment(lead, spId);
  if (!lead || !assignment) throw notFound('Lead not found for this service provider.');
  return { lead, assignment };
}

/** Calls naming the provider in the body: who may call is checked before the rest of the body. */
const ProviderIdBody = v.object({ serviceProviderId: Id });

export function officeRoutes({ store, now }: SandboxContext) {
  const app = new Hono<SandboxEnv>();

  // GET /office-home/v4/service_provider?serviceProviderIds={id}
  app.get('/office-home/v4/service_provider', (c) => {
    const { serviceProviderIds } = parseQuery(c, { serviceProviderIds: 'int[]' }, v.object({ serviceProviderIds: v.pipe(IdList, v.minLength(1)) }));
    // A provider may read its own record (and others' alongside it, e.g. sister locations).
    const callerId = Number(c.req.header(HEADERS.callerId));
    if (!serviceProviderIds.includes(callerId)) throw forbidden('The caller may not act for this service provider.');
    requireProvider(c, store, callerId);
    const serviceProviders = serviceProviderIds
      .map((id) => store.provider(id))
      .filter((p) => p !== undefined)
      .map((p) => ({ id: p.id, name: p.name, primaryAddress: { postalCode: p.postalCode }, inboxEnabled: p.inboxEnabled }));
    return c.json({ serviceProviders });
  });

  // POST /lead/office/v6/leads/serviceProvider/{id} — the board's page of leads.
  app.post('/lead/office/v6/leads/serviceProvider/:spId', (c) => {
    const spId = idParam(c, 'spId');
    requireProvider(c, store, spId);
    const query = parseBody(c, LeadListRequestSchema);
    const at = now();
    const rows = store.providerLeads(spId).map(({ lead, assignment }) => ({ lead, assignment, hasUnreadMessages: hasUnreadMessages(store, lead, spId) }));
    const result = queryBoard(rows, query);
    return c.json({
      leads: result.rows.map((row) => boardLead(store, row.lead, row.assignment, at)),
      pagination: { totalNumber: result.totalNumber },
    });
  });

  // POST /lead/office/v1/leads/serviceProvider/{id}/counts {filters} — the board's status and
  // unread counts (leadkit-designed, not a spec call; see lead-query.ts countBoard).
  app.post('/lead/office/v1/leads/serviceProvider/:spId/counts', (c) => {
    const spId = idParam(c, 'spId');
    requireProvider(c, store, spId);
    const { filters } = parseBody(c, LeadCountsRequestSchema);
    const rows = store.providerLeads(spId).map(({ lead, assignment }) => ({ lead, assignment, hasUnreadMessages: hasUnreadMessages(store, lead, spId) }));
    return c.json(countBoard(rows, filters));
  });

  // POST /lead/office/v2/leads/serviceprovider/{id}/read {leadId, read}
  app.post('/lead/office/v2/leads/serviceprovider/:spId/read', (c) => {
    const spId = idParam(c, 'spId');
    requireProvider(c, store, spId);
    const body = parseBody(c, MarkReadRequestSchema);
    const { assignment } = heldLead(store, body.leadId, spId);
    assignment.read = body.read;
    return c.json({ leadId: body.leadId, read: assignment.read });
  });

  // POST /lead/office/v2/leads/{leadId}/note {serviceProviderId, note} — replaces the notes.
  app.post('/lead/office/v2/leads/:leadId/note', (c) => {
    const leadId = idParam(c, 'leadId');
    const raw = jsonBody(c);
    requireProvider(c, store, parseWith(ProviderIdBody, raw).serviceProviderId);
    const note = parseWith(v.object({ note: v.string() }), raw).note;
    if (notesLength(note) > NOTES_MAX_LENGTH) {
      throw badRequest(`Invalid request: note is too long (at most ${NOTES_MAX_LENGTH} characters).`, ['note']);
    }
    const body = parseWith(NoteRequestSchema, raw);
    const { assignment } = heldLead(store, leadId, body.serviceProviderId);
    assignment.notes = body.note;
    return c.json({ leadId, notes: body.note });
  });

  // POST /lead/office/v2/leads/{leadId}/status {serviceProviderId, status} — also marks read.
  app.post('/lead/office/v2/leads/:leadId/status', (c) => {
    const leadId = idParam(c, 'leadId');
    const raw = jsonBody(c);
    requireProvider(c, store, parseWith(ProviderIdBody, raw).serviceProviderId);
    const body = parseWith(StatusRequestSchema, raw);
    const { assignment } = heldLead(store, leadId, body.serviceProviderId);
    assignment.status = body.status;
    assignment.read = true;
    return c.json({ leadId, status: assignment.status, read: assignment.read });
  });

  // POST /lead/office/v1/leads/serviceprovider/{id}/feedback {leadId, rating, reason, notes}
  app.post('/lead/office/v1/leads/serviceprovider/:spId/feedback', (c) => {
    const spId = idParam(c, 'spId');
    requireProvider(c, store, spId);
    const body = parseBody(c, FeedbackRequestSchema);
    const { assignment } = heldLead(store, body.leadId, spId);
    assignment.feedback = { rating: body.rating, reason: body.reason, notes: body.notes };
    return c.json({ leadId: body.leadId, feedback: { rating: body.rating, reason: body.reason } });
  });

  // POST /lead/office/v1/leads/serviceprovider/{id}/archive {serviceProviderId, leadId, archived}
  app.post('/lead/office/v1/leads/serviceprovider/:spId/archive', (c) => {
    const spId = idParam(c, 'spId');
    requireProvider(c, store, spId);
    const body = parseBody(c, ArchiveRequestSchema);
    if (body.serviceProviderId !== spId) throw badRequest('Invalid request: serviceProviderId must match the provider in the path.', ['serviceProviderId']);
    const { assignment } = heldLead(store, body.leadId, spId);
    assignment.archived = body.archived;
    return c.json({ leadId: body.leadId, isArchived: assignment.archived });
  });

  // GET /service-provider-profile/v1/service_provider/{id}/categories
  app.get('/service-provider-profile/v1/service_provider/:spId/categories', (c) => {
    const spId = idParam(c, 'spId');
    const provider = requireProvider(c, store, spId);
    return c.json({ categories: provider.categoryIds.map((id) => providerCategory(store, provider, id)) });
  });

  const REGISTERED = '/service-provider-management/v1/all-call-tracker/pro-registered-phone-number';

  // POST …/pro-registered-phone-number {spId, brand 'ADS', name, phoneNumber}; 409 on a duplicate.
  app.post(REGISTERED, (c) => {
    const raw = jsonBody(c);
    const spId = parseWith(v.object({ spId: Id }), raw).spId;
    requireProvider(c, store, spId);
    const body = parseWith(RegisterNumberRequestSchema, raw);
    if (store.registeredNumbers.some((n) => n.spId === body.spId && n.phoneNumber === body.phoneNumber)) {
      throw conflict('This number has already been connected.');
    }
    const number = { spId: body.spId, brand: body.brand, name: body.name, phoneNumber: body.phoneNumber, createDate: now().toISOString() };
    store.registeredNumbers.push(number);
    return c.json(number);
  });

  // GET …/pro-registered-phone-number?spId&brand
  app.get(REGISTERED, (c) => {
    const query = parseQuery(c, { spId: 'int', brand: 'string' }, v.object({ spId: Id, brand: v.optional(v.pipe(v.string(), v.minLength(1)), 'ADS') }));
    requireProvider(c, store, query.spId);
    return c.json({ registeredNumbers: store.registeredNumbers.filter((n) => n.spId === query.spId && n.brand === query.brand) });
  });

  return app;
}
