import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import { AutocompleteQuerySchema, ReviewsRequestSchema } from '../../../../src/gateway/lead/funnel/schemas';
import { DisplayPreferencesRequestSchema, LeadReviewRequestSchema, LocationType } from '../../../../src/gateway/lead/schemas';
import { Id, PostalCode } from '../../../../src/gateway/core/shared-schemas';
import { optionalMember, requireOwnLead, requireProvider } from '../access';
import type { SandboxContext, SandboxEnv } from '../context';
import { badRequest, forbidden, idParam, notFound, parseBody, parseQuery, parseWith } from '../http';
import { newAssignment, offerAvailability } from '../purchase';
import type { SandboxStore } from '../store';
import type { Provider, StoredLead } from '../types';
import type { TaxonomyRow } from '../../../../src/domain/category-taxonomy';
import { categoryRef, fullName, leadPageV1, leadPageV2, providerCategory, providerSummary, taxonomyCategory, visiblePhone } from '../views';

/**
 * Lead gateway calls (src/gateway/lead/calls.ts), mounted at `/gateway/lead`: the lead page,
 * board autocompletes, providers, taxonomy and addresses. The funnel's calls are in
 * lead-funnel.ts.
 */

const lower = (text: string) => text.trim().toLocaleLowerCase('en-US');

/** Prefix matches first, then alphabetical; `limit` items; nothing for a blank query. */
function rankMatches<T>(items: readonly T[], query: string, label: (item: T) => string, limit: number): T[] {
  const q = lower(query);
  if (!q) return [];
  return items
    .filter((item) => lower(label(item)).includes(q))
    .sort((a, b) => {
      const aPrefix = lower(label(a)).startsWith(q) ? 0 : 1;
      const bPrefix = lower(label(b)).startsWith(q) ? 0 : 1;
      return aPrefix - bPrefix || label(a).localeCompare(label(b), 'en-US');
    })
    .slice(0, limit);
}

const AutocompleteLimit = v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50)), 5);
const AutocompleteText = v.pipe(v.string(), v.trim(), v.minLength(1));

/** The providers (AL and HA) a lead went to. */
function leadProviders(store: SandboxStore, lead: StoredLead): Provider[] {
  const ids = [...lead.assignments.map((a) => a.spId), ...lead.haProviderIds];
  return [...new Set(ids)].map((id) => store.provider(id)).filter((p): p is Provider => p !== undefined);
}

function taxonomyFor(store: SandboxStore, taxonomyName: string): TaxonomyRow[] {
  switch (taxonomyName) {
    case 'HA Task':
      return store.taxonomy.filter((row) => row.parentId !== null && row.parentId !== 1);
    case 'AL Category':
      return store.taxonomy.filter((row) => row.parentId === 1);
    case 'All':
      return store.taxonomy.filter((row) => row.parentId !== null);
    default:
      throw badRequest('Invalid request: taxonomyName must be HA Task, AL Category or All.', ['taxonomyName']);
  }
}

export function leadRoutes({ store, now }: SandboxContext) {
  const app = new Hono<SandboxEnv>();

  /**
   * The lead page for a provider. A lead the provider holds is purchased. A LeadFeed lead
   * offered to it and still available (under 24 h, under 3 buyers) is bought on opening
   * (the unlock); otherwise it is "no longer available". Never offered: 403.
   */
  function openLeadPage(c: Context<SandboxEnv>, leadId: number, spId: number) {
    requireProvider(c, store, spId);
    const lead = store.lead(leadId);
    if (!lead) throw notFound('Lead not found.');
    let assignment = store.assignment(lead, spId);
    const offer = lead.offers.find((o) => o.spId === spId);
    if (!assignment) {
      if (!offer) throw forbidden('This lead was not sent to this service provider.');
      if (offerAvailability(lead, offer, now()) === 'available') {
        assignment = newAssignment(spId, now());
        lead.assignments.push(assignment);
      }
    }
    return { lead, assignment, offer };
  }

  // GET /office/v1/leads/{leadId}?serviceProviderId — lead page, v1 (user + firstLine address).
  app.get('/office/v1/leads/:leadId', (c) => {
    const leadId = idParam(c, 'leadId');
    const { serviceProviderId } = parseQuery(c, { serviceProviderId: 'int' }, v.object({ serviceProviderId: Id }));
    const { lead, assignment, offer } = openLeadPage(c, leadId, serviceProviderId);
    return c.json(leadPageV1(store, lead, assignment, offer));
  });

  // GET /office/v2/leads/{leadId}?spId — lead page, V2 (customerInfo + lineOne address).
  app.get('/office/v2/leads/:leadId', (c) => {
    const leadId = idParam(c, 'leadId');
    const { spId } = parseQuery(c, { spId: 'int' }, v.object({ spId: Id }));
    const { lead, assignment, offer } = openLeadPage(c, leadId, spId);
    return c.json(leadPageV2(store, lead, assignment, offer));
  });

  // POST /v1/reviews/getByServiceProviderId
  app.post('/v1/reviews/getByServiceProviderId', (c) => {
    optionalMember(c, store);
    const body = parseBody(c, ReviewsRequestSchema);
    const provider = store.provider(body.serviceProviderId);
    if (!provider || provider.type !== body.serviceProviderType) throw notFound('Service provider not found.');
    const filters: Record<string, (rating: number) => boolean> = {
      All: () => true,
      Positive: (rating) => rating >= 4,
      Neutral: (rating) => rating === 3,
      Negative: (rating) => rating <= 2,
    };
    const keep = filters[body.reviewType];
    if (!keep) throw badRequest('Invalid request: reviewType must be All, Positive, Neutral or Negative.', ['reviewType']);
    const reviews = store.reviews.filter((r) => r.spId === provider.id && keep(r.rating));
    return c.json({
      reviews: reviews.slice(body.offset, body.offset + body.limit).map((r) => ({
        reviewId: r.reviewId,
        rating: r.rating,
        text: r.text,
        reviewerName: r.reviewerName,
        createDate: r.createDate,
      })),
      totalCount: reviews.length,
    });
  });

  // GET /v1/lead/{leadId}/serviceprovider — the providers the lead was sent to.
  app.get('/v1/lead/:leadId/serviceprovider', (c) => {
    const lead = requireOwnLead(store, idParam(c, 'leadId'), optionalMember(c, store));
    return c.json({ serviceProviders: leadProviders(store, lead).map(providerSummary) });
  });

  // GET /v1/lead/{leadId}/serviceprovider/comparison
  app.get('/v1/lead/:leadId/serviceprovider/comparison', (c) => {
    const lead = requireOwnLead(store, idParam(c, 'leadId'), optionalMember(c, store));
    return c.json({
      serviceProviders: leadProviders(store, lead).map((provider) => {
        const assignment = store.assignment(lead, provider.id);
        const wrote = store.messages.some((m) => m.spId === provider.id && m.memberId === lead.memberId && m.authorType === 'ServiceProvider');
        return {
          ...providerSummary(provider),
          hired: lead.hiredProviderIds.includes(provider.id),
          responded: wrote || (assignment !== undefined && assignment.status !== 'Initial'),
        };
      }),
    });
  });

  // GET /v1/serviceprovider/{id}/details?withAlId — an HA listing resolves to its AL business.
  app.get('/v1/serviceprovider/:spId/details', (c) => {
    const spId = idParam(c, 'spId');
    const { withAlId } = parseQuery(c, { withAlId: 'bool' }, v.object({ withAlId: v.optional(v.boolean(), false) }));
    let provider = store.provider(spId);
    if (!provider) throw notFound('Service provider not found.');
    if (withAlId && provider.linkedAlId !== null) provider = store.provider(provider.linkedAlId) ?? provider;
    const current = provider;
    return c.json({
      serviceProviderId: current.id,
      serviceProviderType: current.type,
      name: current.name,
      primaryAddress: { postalCode: current.postalCode },
      categories: current.categoryIds.map((id) => providerCategory(store, current, id)),
    });
  });

  // GET /v1/taxonomy/categories/{categoryId}
  app.get('/v1/taxonomy/categories/:categoryId', (c) => {
    const row = store.category(idParam(c, 'categoryId', { allowNegative: true }));
    if (!row) throw notFound('Category not found.');
    return c.json(taxonomyCategory(row));
  });

  // GET /v1/address/getCityAndStateAbbreviationByPostalCode?postalCode
  app.get('/v1/address/getCityAndStateAbbreviationByPostalCode', (c) => {
    const { postalCode } = parseQuery(c, { postalCode: 'string' }, v.object({ postalCode: PostalCode }));
    const place = store.place(postalCode);
    if (!place) throw notFound('No city is known for this postal code.');
    return c.json({ city: place.city, stateAbbreviation: place.stateAbbr, postalCode: place.postalCode });
  });

  // GET /v1/address/get-seo-city-state-by-postal-code?postalCode
  app.get('/v1/address/get-seo-city-state-by-postal-code', (c) => {
    const { postalCode } = parseQuery(c, { postalCode: 'string' }, v.object({ postalCode: PostalCode }));
    const place = store.place(postalCode);
    if (!place) throw notFound('No city is known for this postal code.');
    return c.json({
      city: place.city,
      state: place.stateName,
      stateAbbreviation: place.stateAbbr,
      seoCity: place.city.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      seoState: place.stateAbbr.toLowerCase(),
    });
  });

  // GET /v1/serviceprovider/{id}/postalcode-eligibility/{postalCode}
  app.get('/v1/serviceprovider/:spId/postalcode-eligibility/:postalCode', (c) => {
    const spId = idParam(c, 'spId');
    const postalCode = parseWith(PostalCode, c.req.param('postalCode'), 'postalCode');
    const provider = store.provider(spId);
    if (!provider) throw notFound('Service provider not found.');
    return c.json({ eligible: provider.serviceArea.includes(postalCode) });
  });

  // POST /office/v1/review-request {serviceProviderId, leadId} — the review form's pre-fill.
  app.post('/office/v1/review-request', (c) => {
    const body = parseBody(c, LeadReviewRequestSchema);
    requireProvider(c, store, body.serviceProviderId);
    const lead = store.lead(body.leadId);
    const assignment = lead && store.assignment(lead, body.serviceProviderId);
    if (!lead || !assignment) throw notFound('Lead not found for this service provider.');
    const phone = visiblePhone(lead, assignment);
    return c.json({
      leadId: lead.leadId,
      serviceProviderId: body.serviceProviderId,
      firstName: lead.contact.firstName,
      lastName: lead.contact.lastName,
      emailAddress: lead.contact.email,
      phoneNumber: phone,
      isMaskedPhone: phone !== null && assignment.maskedPhone !== null,
      postalCode: lead.address.postalCode,
      category: categoryRef(store, lead.categoryId),
    });
  });

  // GET /v1/topCategories
  app.get('/v1/topCategories', (c) =>
    c.json({
      categories: store.topCategoryIds
        .map((id) => store.category(id))
        .filter((row) => row !== undefined)
        .map((row) => ({ categoryId: row.id, name: row.name })),
    }),
  );

  // GET /v2/autocomplete?query&taxonomyName&limit — over the taxonomy.
  app.get('/v2/autocomplete', (c) => {
    const query = parseQuery(c, { query: 'string', taxonomyName: 'string', limit: 'int' }, AutocompleteQuerySchema);
    const rows = taxonomyFor(store, query.taxonomyName);
    return c.json({ results: rankMatches(rows, query.query, (row) => row.name, query.limit).map(taxonomyCategory) });
  });

  // POST /v1/serviceprovider/{id}/add-display-preferences {displayPreferences}
  app.post('/v1/serviceprovider/:spId/add-display-preferences', (c) => {
    const provider = requireProvider(c, store, idParam(c, 'spId'));
    const body = parseBody(c, DisplayPreferencesRequestSchema);
    provider.displayPreferences = [...new Set([...provider.displayPreferences, ...body.displayPreferences])];
    return c.json({ displayPreferences: [...provider.displayPreferences] });
  });

  // Board autocompletes, over the provider's own leads.
  app.get('/office/v1/leads/serviceprovider/:spId/autocomplete/location', (c) => {
    const spId = idParam(c, 'spId');
    requireProvider(c, store, spId);
    const query = parseQuery(
      c,
      { query: 'string', locationType: 'string', limit: 'int' },
      v.object({ query: AutocompleteText, locationType: v.optional(LocationType, 'all'), limit: AutocompleteLimit }),
    );
    const leads = store.providerLeads(spId).map((row) => row.lead);
    const cities = new Map<string, { city: string; state: string; postalCode: null; locationName: string }>();
    const postalCodes = new Map<string, { city: string; state: string; postalCode: string; locationName: string }>();
    for (const { address } of leads) {
      const cityName = `${address.city}, ${address.state}`;
      cities.set(cityName, { city: address.city, state: address.state, postalCode: null, locationName: cityName });
      postalCodes.set(address.postalCode, { city: address.city, state: address.state, postalCode: address.postalCode, locationName: address.postalCode });
    }
    const byCity = query.locationType === 'postalCode' ? [] : rankMatches([...cities.values()], query.query, (s) => s.locationName, query.limit);
    const byPostalCode =
      query.locationType === 'city'
        ? []
        : [...postalCodes.values()].filter((s) => s.postalCode.startsWith(query.query)).sort((a, b) => a.postalCode.localeCompare(b.postalCode));
    return c.json({ suggestions: [...byCity, ...byPostalCode].slice(0, query.limit) });
  });

  app.get('/office/v1/leads/serviceprovider/:spId/autocomplete/categoryName', (c) => {
    const spId = idParam(c, 'spId');
    requireProvider(c, store, spId);
    const query = parseQuery(c, { query: 'string', limit: 'int' }, v.object({ query: AutocompleteText, limit: AutocompleteLimit }));
    const ids = [...new Set(store.providerLeads(spId).map((row) => row.lead.categoryId))];
    const categories = ids.map((id) => ({ categoryId: id, categoryName: categoryRef(store, id).name }));
    return c.json({ suggestions: rankMatches(categories, query.query, (s) => s.categoryName, query.limit) });
  });

  app.get('/office/v2/leads/serviceprovider/:spId/autocomplete/memberName', (c) => {
    const spId = idParam(c, 'spId');
    requireProvider(c, store, spId);
    const query = parseQuery(c, { query: 'string', limit: 'int' }, v.object({ query: AutocompleteText, limit: AutocompleteLimit }));
    // One suggestion per name (case-insensitive), with every contact id used under it.
    const members = new Map<string, { memberName: string; contactInformationIds: number[] }>();
    for (const { lead } of store.providerLeads(spId)) {
      const name = fullName(lead.contact);
      if (!name) continue;
      const entry = members.get(lower(name)) ?? { memberName: name, contactInformationIds: [] };
      if (!entry.contactInformationIds.includes(lead.contact.contactInformationId)) entry.contactInformationIds.push(lead.contact.contactInformationId);
      members.set(lower(name), entry);
    }
    const suggestions = rankMatches([...members.values()], query.query, (s) => s.memberName, query.limit);
    return c.json({ suggestions: suggestions.map((s) => ({ ...s, contactInformationIds: [...s.contactInformationIds].sort((a, b) => a - b) })) });
  });

  return app;
}
