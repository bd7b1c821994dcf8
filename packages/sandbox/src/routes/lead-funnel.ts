import { Hono } from 'hono';
import * as v from 'valibot';
import { CONTACT_TYPES } from '../../../../src/domain/contact-type';
import { MESSAGE_SENT_CONTACT_TYPE } from '../../../../src/gateway/lead/message-contact';
import { isValidEmail } from '../../../../src/domain/core/email';
import { isLeadSource } from '../../../../src/domain/lead-source';
import { LEAD_STATUSES } from '../../../../src/domain/lead-status';
import {
  AssignV1RequestSchema,
  AssignV2RequestSchema,
  CombinedDetailsRequestSchema,
  CreateLeadV1Schema,
  CreateLeadV3Schema,
  FollowUpDealsQuerySchema,
  MarkHiredRequestSchema,
  ProjectsQuerySchema,
  ServiceRequestId,
  SuggestionRequestSchema,
  UpdatePhoneRequestSchema,
} from '../../../../src/gateway/lead/funnel/schemas';
import { CreateContactRequestSchema } from '../../../../src/gateway/lead/contact-schemas';
import { Id, IdList } from '../../../../src/gateway/core/shared-schemas';
import { callerType, oneTimeToken, optionalMember, requireMember, requireOwnLead } from '../access';
import type { SandboxContext, SandboxEnv } from '../context';
import { badRequest, forbidden, idParam, jsonBody, notFound, parseBody, parseQuery, parseWith, unauthorized } from '../http';
import { newAssignment } from '../purchase';
import type { SandboxStore } from '../store';
import type { LeadAddress, Member, Provider, ProviderType, StoredLead } from '../types';
import { fetchedLead, providerCategory, providerSummary } from '../views';

/**
 * The request-a-quote funnel's calls (customer side, one-time token) under `/gateway/lead`:
 * create, fetch and assign leads, suggestions, projects, deals, contacts, hiring.
 */

const PROJECT_STATUSES = ['Open', 'InProgress', 'Hired', 'Closed'] as const;
type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** A member's view of a lead's progress (the spec does not define project statuses: ours). */
function projectStatus(lead: StoredLead): ProjectStatus {
  const statuses = lead.assignments.map((a) => a.status);
  if (lead.hiredProviderIds.length > 0 || statuses.some((s) => s === 'InProgressWon' || s === 'ClosedWon')) return 'Hired';
  if (statuses.length > 0 && statuses.every((s) => s === 'ClosedDidntWin')) return 'Closed';
  if (statuses.some((s) => s !== 'Initial')) return 'InProgress';
  return 'Open';
}

/** Providers of one type by id; an unknown id or the wrong type is a 400 on `field`. */
function providersOfType(store: SandboxStore, ids: readonly number[], type: ProviderType, field: string): Provider[] {
  return ids.map((id) => {
    const provider = store.provider(id);
    if (!provider || provider.type !== type) throw badRequest(`Invalid request: ${field} must hold ${type} service provider ids.`, [field]);
    return provider;
  });
}

function assignTo(lead: StoredLead, providers: readonly Provider[], at: Date): void {
  for (const provider of providers) {
    if (!lead.assignments.some((a) => a.spId === provider.id)) lead.assignments.push(newAssignment(provider.id, at));
  }
}

function assignment(lead: StoredLead) {
  return {
    leadId: lead.leadId,
    assignedServiceProviderIds: lead.assignments.map((a) => a.spId),
    assignedHaServiceProviderIds: [...lead.haProviderIds],
  };
}

/** Whether a provider serves a category: the category itself or one of its ancestors. */
function serves(store: SandboxStore, provider: Provider, categoryId: number): boolean {
  return store.categoryLineage(categoryId).some((row) => provider.categoryIds.includes(row.id));
}

/**
 * An issued one-time token works this long after issue or its last renewal…
 * @internal Exported for tests.
 */
export const ONE_TIME_TOKEN_TTL_MS = 30 * 60_000;
/**
 * …and never longer than this after issue, however often renewed.
 * @internal Exported for tests.
 */
export const ONE_TIME_TOKEN_MAX_LIFETIME_MS = 4 * 60 * 60_000;

/** An unguessable token (the sandbox's data is seeded; its tokens are not). */
function newToken(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(24));
  return `ott_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

const EmptyBody = v.object({});

/**
 * A fresh guest member and its one-time token: the answer of `POST /v1/one-time-token` (L1), and
 * of the host stand-in's token call (routes/host-stand-in.ts), which stands for a host's own server.
 */
export function issueOneTimeToken(store: SandboxStore, now: () => Date) {
  const at = now().getTime();
  const member: Member = { id: store.next('member'), firstName: null, lastName: null, email: null, phoneNumber: null, postalCode: '' };
  store.members.push(member);
  const token = newToken();
  store.tokens[token] = member.id;
  store.tokenLifetimes.set(token, { issuedAt: at, expiresAt: at + ONE_TIME_TOKEN_TTL_MS, expired: false });
  return { token, expiresAt: new Date(at + ONE_TIME_TOKEN_TTL_MS).toISOString(), expiresIn: ONE_TIME_TOKEN_TTL_MS / 1000, userId: member.id };
}

/** A valid token lives TTL longer (never past its maximum lifetime; a seeded one does not expire by time). */
export function renewOneTimeToken(store: SandboxStore, now: () => Date, token: string) {
  const lifetime = store.tokenLifetimes.get(token);
  if (!lifetime || lifetime.expiresAt === null) return { expiresAt: null, expiresIn: null };
  const at = now().getTime();
  lifetime.expiresAt = Math.min(at + ONE_TIME_TOKEN_TTL_MS, lifetime.issuedAt + ONE_TIME_TOKEN_MAX_LIFETIME_MS);
  return { expiresAt: new Date(lifetime.expiresAt).toISOString(), expiresIn: Math.floor((lifetime.expiresAt - at) / 1000) };
}

/**
 * Stores the contact records of a message send (one per provider per payload): what
 * `POST /gateway/lead/v1/contact` (M7) does, and the host stand-in's `/host-stand-in/contact`
 * (routes/host-stand-in.ts) the same, so a test reads either in `store.contacts`.
 */
export function recordContacts(
  store: SandboxStore,
  now: () => Date,
  body: v.InferOutput<typeof CreateContactRequestSchema>,
  memberId: number | null,
): { contactIds: number[] } {
  if (!([...Object.values(CONTACT_TYPES), MESSAGE_SENT_CONTACT_TYPE] as number[]).includes(body.contactType)) {
    throw badRequest('Invalid request: contactType must be a known contact type.', ['contactType']);
  }
  body.payloads.forEach((payload, index) => {
    if (payload.serviceProviderIds.some((id) => !store.provider(id))) {
      throw badRequest(`Invalid request: payloads.${index}.serviceProviderIds must hold known provider ids.`, [`payloads.${index}.serviceProviderIds`]);
    }
  });
  const contactIds: number[] = [];
  for (const payload of body.payloads) {
    for (const serviceProviderId of payload.serviceProviderIds) {
      const contactId = store.next('contact');
      contactIds.push(contactId);
      store.contacts.push({
        contactId,
        contactType: body.contactType,
        contactPlacementType: payload.contactPlacementType,
        serviceProviderId,
        memberId,
        entityId: body.entityId,
        entityType: body.entityType,
        postalCode: body.postalCode,
        categoryId: body.categoryId,
        campaignId: body.campaignId ?? null,
        createDate: now().toISOString(),
      });
    }
  }
  return { contactIds };
}

export function leadFunnelRoutes({ store, now }: SandboxContext) {
  const app = new Hono<SandboxEnv>();

  type CreateBody = v.InferOutput<typeof CreateLeadV1Schema> | v.InferOutput<typeof CreateLeadV3Schema>;

  /** Shared by v1 and v3: checks what the schema cannot and stores the lead. */
  function createLead(member: Member, body: CreateBody, address: LeadAddress, haProviderIds: number[], external: StoredLead['external']): StoredLead {
    if (!isLeadSource(body.source)) throw badRequest('Invalid request: source must be a known lead source.', ['source']);
    if (!store.category(body.categoryId)) throw badRequest('Invalid request: categoryId must be a known category.', ['categoryId']);
    if (!isValidEmail(body.contactInformation.email.trim())) {
      throw badRequest('Invalid request: contactInformation.email must be a valid e-mail address.', ['contactInformation.email']);
    }
    const providers = providersOfType(store, body.assignedServiceProviderIds, 'AL', 'assignedServiceProviderIds');
    const contact = body.contactInformation;
    const email = contact.email.trim();
    // A guest member (an issued token) takes the contact details of its first request.
    if (member.email === null) {
      member.firstName ??= contact.firstName.trim();
      member.lastName ??= contact.lastName.trim();
      member.email = email;
      member.phoneNumber ??= contact.phoneNumber;
      if (!member.postalCode) member.postalCode = address.postalCode;
    }
    // The same member with the same phone and e-mail keeps one contact information id.
    const known = store.leads.find((l) => l.memberId === member.id && l.contact.phoneNumber === contact.phoneNumber && l.contact.email === email);
    const at = now();
    const lead: StoredLead = {
      leadId: store.next('lead'),
      memberId: member.id,
      source: body.source,
      title: body.title,
      description: body.description || null,
      urgency: body.urgency,
      categoryId: body.categoryId,
      createDate: at.toISOString(),
      questions: body.attributes.map((a) => ({ question: a.questionText, answers: [a.answerText] })),
      address,
      showAddress: body.showAddress,
      contact: {
        contactInformationId: known?.contact.contactInformationId ?? store.next('contactInformation'),
        firstName: contact.firstName.trim(),
        lastName: contact.lastName.trim(),
        email,
        phoneNumber: contact.phoneNumber,
      },
      assignments: [],
      haProviderIds,
      offers: [],
      serviceRequestId: null,
      hiredProviderIds: [],
      external,
    };
    assignTo(lead, providers, at);
    store.leads.push(lead);
    return lead;
  }

  // POST /v1/lead — address by postalAddressId (one of the member's addresses).
  app.post('/v1/lead', (c) => {
    const member = requireMember(c, store);
    const body = parseBody(c, CreateLeadV1Schema);
    const saved = store.postalAddresses.find((a) => a.postalAddressId === body.address.postalAddressId && a.memberId === member.id);
    if (!saved) throw badRequest('Invalid request: address.postalAddressId must be one of the member\u2019s addresses.', ['address.postalAddressId']);
    const lead = createLead(
      member,
      body,
      { lineOne: saved.lineOne, lineTwo: saved.lineTwo, city: saved.city, state: saved.state, postalCode: saved.postalCode },
      [],
      null,
    );
    return c.json({ leadId: lead.leadId });
  });

  // POST /v3/lead — full address, external (HA) providers.
  app.post('/v3/lead', (c) => {
    const member = requireMember(c, store);
    const body = parseBody(c, CreateLeadV3Schema);
    const ha = providersOfType(store, body.assignedExternalServiceProviderIds, 'HA', 'assignedExternalServiceProviderIds');
    const lead = createLead(
      member,
      body,
      {
        lineOne: body.address.lineOne,
        lineTwo: body.address.lineTwo ?? null,
        city: body.address.city,
        state: body.address.state,
        postalCode: body.address.postalCode,
      },
      ha.map((p) => p.id),
      body.externalType || body.externalId || body.externalLeadAttributes
        ? { type: body.externalType ?? null, id: body.externalId ?? null, attributes: { ...body.externalLeadAttributes } }
        : null,
    );
    return c.json({ leadId: lead.leadId });
  });

  // GET /v1/lead/{leadId} — the funnel's lead; only its member may read it.
  app.get('/v1/lead/:leadId', (c) => {
    const member = requireMember(c, store);
    return c.json(fetchedLead(store, requireOwnLead(store, idParam(c, 'leadId'), member)));
  });

  // POST /v1/lead/{leadId}/assign {serviceProviderIds}
  app.post('/v1/lead/:leadId/assign', (c) => {
    const lead = requireOwnLead(store, idParam(c, 'leadId'), optionalMember(c, store));
    const body = parseBody(c, AssignV1RequestSchema);
    assignTo(lead, providersOfType(store, body.serviceProviderIds, 'AL', 'serviceProviderIds'), now());
    return c.json(assignment(lead));
  });

  // POST /v2/lead/{leadId}/assign {serviceProviderIds, haServiceProviderIds, serviceRequestId}
  app.post('/v2/lead/:leadId/assign', (c) => {
    const member = requireMember(c, store);
    const lead = requireOwnLead(store, idParam(c, 'leadId'), member);
    const body = parseBody(c, AssignV2RequestSchema);
    const request = store.serviceRequests.find((r) => r.serviceRequestId === body.serviceRequestId);
    if (!request) throw badRequest('Invalid request: serviceRequestId must come from a suggestion call.', ['serviceRequestId']);
    if (request.memberId !== null && request.memberId !== member.id) throw forbidden('This service request belongs to another member.');
    const al = providersOfType(store, body.serviceProviderIds, 'AL', 'serviceProviderIds');
    const ha = providersOfType(store, body.haServiceProviderIds, 'HA', 'haServiceProviderIds');
    assignTo(lead, al, now());
    lead.haProviderIds = [...new Set([...lead.haProviderIds, ...ha.map((p) => p.id)])];
    lead.serviceRequestId = request.serviceRequestId;
    request.leadId = lead.leadId;
    return c.json(assignment(lead));
  });

  // POST /v4/serviceproviders/suggestion — providers serving the category and postal code.
  app.post('/v4/serviceproviders/suggestion', (c) => {
    const member = requireMember(c, store);
    const body = parseBody(c, SuggestionRequestSchema);
    if (!store.category(body.categoryId)) throw badRequest('Invalid request: categoryId must be a known category.', ['categoryId']);
    // One business may have an AL and an HA listing (linkedAlId): excluding either excludes the
    // business, and a business is suggested once, by its AL listing when it has one — the
    // request already sent to Acme must not offer Acme again under its other listing.
    const business = (p: Provider) => p.linkedAlId ?? p.id;
    const excluded = new Set(
      body.excludedServiceProviderIds.map((id) => store.provider(id)).map((p, i) => (p ? business(p) : body.excludedServiceProviderIds[i]!)),
    );
    const eligible = store.providers.filter((p) => !excluded.has(business(p)) && p.serviceArea.includes(body.postalCode) && serves(store, p, body.categoryId));
    const suggested = eligible
      .filter((p) => p.type === 'AL' || !eligible.some((other) => other.type === 'AL' && other.id === p.linkedAlId))
      .sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0) || b.reviewCount - a.reviewCount || a.id - b.id)
      .slice(0, body.limit);
    const serviceRequestId = store.next('serviceRequest');
    store.serviceRequests.push({
      serviceRequestId,
      categoryId: body.categoryId,
      postalCode: body.postalCode,
      memberId: member.id,
      suggestedIds: suggested.map((p) => p.id),
      leadId: null,
      haSelectedIds: [],
      createDate: now().toISOString(),
    });
    return c.json({ serviceProviders: suggested.map(providerSummary), serviceRequestId });
  });

  // POST /v1/serviceProviders/details — AL and HA providers' details (`serviceProvideId`, sic).
  app.post('/v1/serviceProviders/details', (c) => {
    requireMember(c, store);
    const body = parseBody(c, CombinedDetailsRequestSchema);
    const pick = (ids: number[], type: ProviderType) => ids.map((id) => store.provider(id)).filter((p): p is Provider => p !== undefined && p.type === type);
    const providers = [...pick(body.alServiceProviderIds, 'AL'), ...pick(body.haServiceProviderIds, 'HA')];
    return c.json({
      serviceProviders: providers.map((p) => ({
        serviceProvideId: p.id,
        serviceProviderType: p.type,
        name: p.name,
        // The requested category first: the funnel preselects it.
        categories: [...p.categoryIds]
          .sort((a, b) => Number(b === body.categoryId) - Number(a === body.categoryId))
          .map((id) => providerCategory(store, p, id)),
      })),
    });
  });

  // GET /v1/projects?projectStatuses&leadStatuses&limit&offset — the member's leads as projects.
  app.get('/v1/projects', (c) => {
    const member = optionalMember(c, store);
    // Projects are a member's: without a token there is nobody to list them for.
    if (!member) throw unauthorized('A one-time token is required to list projects.');
    const query = parseQuery(c, { projectStatuses: 'string[]', leadStatuses: 'string[]', limit: 'int', offset: 'int' }, ProjectsQuerySchema);
    const unknownProject = query.projectStatuses.some((s) => !(PROJECT_STATUSES as readonly string[]).includes(s));
    if (unknownProject) throw badRequest(`Invalid request: projectStatuses must be among ${PROJECT_STATUSES.join(', ')}.`, ['projectStatuses']);
    if (query.leadStatuses.some((s) => !(LEAD_STATUSES as readonly string[]).includes(s))) {
      throw badRequest('Invalid request: leadStatuses must be lead status values.', ['leadStatuses']);
    }
    const projects = store.leads
      .filter((lead) => lead.memberId === member.id)
      .filter((lead) => query.projectStatuses.length === 0 || query.projectStatuses.includes(projectStatus(lead)))
      .filter((lead) => query.leadStatuses.length === 0 || lead.assignments.some((a) => query.leadStatuses.includes(a.status)))
      .sort((a, b) => b.createDate.localeCompare(a.createDate) || b.leadId - a.leadId);
    return c.json({
      projects: projects.slice(query.offset, query.offset + query.limit).map((lead) => ({
        leadId: lead.leadId,
        title: lead.title,
        categoryId: lead.categoryId,
        projectStatus: projectStatus(lead),
        createDate: lead.createDate,
      })),
      pagination: { totalNumber: projects.length },
    });
  });

  // POST /v1/handy/sendLead {leadId}
  app.post('/v1/handy/sendLead', (c) => {
    const member = requireMember(c, store);
    const { leadId } = parseBody(c, v.object({ leadId: Id }));
    requireOwnLead(store, leadId, member);
    store.sentNotifications.push({ kind: 'handy', leadIds: [leadId], serviceRequestId: null, at: now().toISOString() });
    return c.json({ sent: true });
  });

  // POST /v1/lead/send-ol-notification {leadIds}
  app.post('/v1/lead/send-ol-notification', (c) => {
    const { leadIds } = parseBody(c, v.object({ leadIds: v.pipe(IdList, v.minLength(1)) }));
    if (leadIds.some((id) => !store.lead(id))) throw notFound('Lead not found.');
    store.sentNotifications.push({ kind: 'ol-notification', leadIds, serviceRequestId: null, at: now().toISOString() });
    return c.json({ sent: true });
  });

  // GET /v1/deals/followUp?defaultCatGroupIds&categoryId&postalCode
  app.get('/v1/deals/followUp', (c) => {
    requireMember(c, store);
    const query = parseQuery(c, { defaultCatGroupIds: 'int[]', categoryId: 'int', postalCode: 'string' }, FollowUpDealsQuerySchema);
    const wanted = new Set([query.categoryId, ...query.defaultCatGroupIds]);
    const deals = store.deals.filter((deal) => {
      const provider = store.provider(deal.serviceProviderId);
      if (!provider?.serviceArea.includes(query.postalCode)) return false;
      return store.categoryLineage(deal.categoryId).some((row) => wanted.has(row.id));
    });
    return c.json({ deals: deals.map(({ dealId, title, price, serviceProviderId }) => ({ dealId, title, price, serviceProviderId })) });
  });

  // GET /v1/contact/getByIds?contactIds — the member's own contacts only.
  app.get('/v1/contact/getByIds', (c) => {
    const member = requireMember(c, store);
    const { contactIds } = parseQuery(c, { contactIds: 'int[]' }, v.object({ contactIds: v.pipe(IdList, v.minLength(1)) }));
    const contacts = store.contacts.filter((contact) => contactIds.includes(contact.contactId) && contact.memberId === member.id);
    return c.json({
      contacts: contacts.map(({ contactId, contactType, serviceProviderId, entityId, entityType, createDate }) => ({
        contactId,
        contactType,
        serviceProviderId,
        entityId,
        entityType,
        createDate,
      })),
    });
  });

  // POST /v1/contact — contact records after a message send (one per provider per payload).
  app.post('/v1/contact', (c) => {
    const member = optionalMember(c, store);
    return c.json(recordContacts(store, now, parseBody(c, CreateContactRequestSchema), member?.id ?? null));
  });

  // POST /v1/serviceproviders/fetch-opportunity-leads {serviceRequestId}
  app.post('/v1/serviceproviders/fetch-opportunity-leads', (c) => {
    const { serviceRequestId } = parseBody(c, v.object({ serviceRequestId: ServiceRequestId }));
    const request = store.serviceRequests.find((r) => r.serviceRequestId === serviceRequestId);
    if (!request) throw notFound('Service request not found.');
    const lead = request.leadId === null ? undefined : store.lead(request.leadId);
    return c.json({ opportunityLeads: lead ? lead.haProviderIds.map((serviceProviderId) => ({ leadId: lead.leadId, serviceProviderId })) : [] });
  });

  // POST /v1/service-request/send-ol-pro-selection {serviceRequestId, haServiceProviderIds}
  app.post('/v1/service-request/send-ol-pro-selection', (c) => {
    const member = requireMember(c, store);
    const body = parseBody(c, v.object({ serviceRequestId: ServiceRequestId, haServiceProviderIds: v.pipe(IdList, v.minLength(1)) }));
    const request = store.serviceRequests.find((r) => r.serviceRequestId === body.serviceRequestId);
    if (!request) throw notFound('Service request not found.');
    if (request.memberId !== null && request.memberId !== member.id) throw forbidden('This service request belongs to another member.');
    const ha = providersOfType(store, body.haServiceProviderIds, 'HA', 'haServiceProviderIds').map((p) => p.id);
    request.haSelectedIds = [...new Set([...request.haSelectedIds, ...ha])];
    const lead = request.leadId === null ? undefined : store.lead(request.leadId);
    if (lead) lead.haProviderIds = [...new Set([...lead.haProviderIds, ...ha])];
    store.sentNotifications.push({
      kind: 'pro-selection',
      leadIds: lead ? [lead.leadId] : [],
      serviceRequestId: request.serviceRequestId,
      at: now().toISOString(),
    });
    return c.json({ sent: true });
  });

  // POST /v1/lead/{leadId}/service-provider/mark-hired {serviceProviderType, serviceProviderId}
  app.post('/v1/lead/:leadId/service-provider/mark-hired', (c) => {
    const member = requireMember(c, store);
    const lead = requireOwnLead(store, idParam(c, 'leadId'), member);
    const body = parseBody(c, MarkHiredRequestSchema);
    const provider = store.provider(body.serviceProviderId);
    const gotLead =
      body.serviceProviderType === 'AL' ? lead.assignments.some((a) => a.spId === body.serviceProviderId) : lead.haProviderIds.includes(body.serviceProviderId);
    if (!provider || provider.type !== body.serviceProviderType || !gotLead) {
      throw badRequest('Invalid request: serviceProviderId must be a provider this lead was sent to.', ['serviceProviderId']);
    }
    if (!lead.hiredProviderIds.includes(provider.id)) lead.hiredProviderIds.push(provider.id);
    return c.json({ leadId: lead.leadId, serviceProviderId: provider.id, hired: true as const });
  });

  // POST /v1/user/updatePhone {phoneNumber} — the token's member; without a token, recorded only.
  app.post('/v1/user/updatePhone', (c) => {
    const member = optionalMember(c, store);
    const { phoneNumber } = parseWith(UpdatePhoneRequestSchema, jsonBody(c));
    if (member) member.phoneNumber = phoneNumber;
    store.phoneUpdates.push({ memberId: member?.id ?? null, phoneNumber, at: now().toISOString() });
    return c.json({ phoneNumber });
  });

  // ---- One-time tokens (ours: the spec names them without detail) -------------------------------

  // POST /v1/one-time-token {} — a fresh guest member and its token (customers only, no token sent).
  app.post('/v1/one-time-token', (c) => {
    if (callerType(c) !== 'Member') throw forbidden('One-time tokens are issued to customers (X-Caller-Type Member).');
    if (c.req.header('authorization')) throw badRequest('Invalid request: a one-time token is issued without an Authorization header.', ['Authorization']);
    parseBody(c, EmptyBody);
    return c.json(issueOneTimeToken(store, now));
  });

  // POST /v1/one-time-token/renew {} — the same token lives TTL longer (never past its maximum lifetime).
  app.post('/v1/one-time-token/renew', (c) => {
    requireMember(c, store);
    parseBody(c, EmptyBody);
    return c.json(renewOneTimeToken(store, now, String(oneTimeToken(c))));
  });

  // POST /v1/one-time-token/expire {} — the token stops working at once (seeded ones too, until reset).
  app.post('/v1/one-time-token/expire', (c) => {
    requireMember(c, store);
    parseBody(c, EmptyBody);
    const token = String(oneTimeToken(c));
    const lifetime = store.tokenLifetimes.get(token);
    if (lifetime) lifetime.expired = true;
    else store.tokenLifetimes.set(token, { issuedAt: now().getTime(), expiresAt: null, expired: true });
    return c.json({ expired: true as const });
  });

  return app;
}
