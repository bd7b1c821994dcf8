import * as v from 'valibot';
import { badRequest, parseWith } from './http';
import { newAssignment } from './purchase';
import type { SandboxStore } from './store';
import type { StoredLead } from './types';

/**
 * A lead arriving for a provider now, as a customer's request-a-quote would make it (a new guest
 * member, the provider's first category, status Initial, unread): what a board watching for new
 * leads should see. `sandbox.createLead` in process, `POST /sandbox/leads` over HTTP.
 */
const NewLeadRequestSchema = v.object({
  serviceProviderId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  firstName: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(50)), 'Nova'),
  lastName: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(50)), 'Arrival'),
});
export type NewLeadRequest = v.InferInput<typeof NewLeadRequestSchema>;

export function createArrivingLead(store: SandboxStore, now: () => Date, input: NewLeadRequest): StoredLead {
  const { serviceProviderId, firstName, lastName } = parseWith(NewLeadRequestSchema, input);
  const provider = store.provider(serviceProviderId);
  if (!provider || provider.type !== 'AL') throw badRequest('Invalid request: serviceProviderId must be a known AL service provider.', ['serviceProviderId']);
  const categoryId = provider.categoryIds.find((id) => store.category(id)) ?? store.taxonomy[0]?.id;
  const category = categoryId === undefined ? undefined : store.category(categoryId);
  if (!category) throw badRequest('Invalid request: the provider offers no known category.', ['serviceProviderId']);
  const at = now();
  const memberId = store.next('member');
  const email = `arrival-${memberId}@example.com`;
  store.members.push({ id: memberId, firstName, lastName, email, phoneNumber: null, postalCode: provider.postalCode });
  const place = store.leads.find((lead) => lead.address.postalCode === provider.postalCode)?.address;
  const lead: StoredLead = {
    leadId: store.next('lead'),
    memberId,
    source: 'RequestAQuote',
    title: category.name,
    description: null,
    urgency: 'Flexible',
    categoryId: category.id,
    createDate: at.toISOString(),
    questions: [],
    address: place ? { ...place } : { lineOne: '1 Main St', lineTwo: null, city: 'Denver', state: 'CO', postalCode: provider.postalCode },
    showAddress: true,
    contact: { contactInformationId: store.next('contactInformation'), firstName, lastName, email, phoneNumber: null },
    assignments: [newAssignment(provider.id, at)],
    haProviderIds: [],
    offers: [],
    serviceRequestId: null,
    hiredProviderIds: [],
    external: null,
  };
  store.leads.push(lead);
  return lead;
}
