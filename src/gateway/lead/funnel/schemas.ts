import * as v from 'valibot';
import {
  CategoryId,
  EmailAddress,
  Id,
  IdList,
  IsoDateTime,
  OptionalText,
  PostalCode,
  ProviderCategorySchema,
  ServiceProviderType,
  TaxonomyCategorySchema,
} from '../../core/shared-schemas';

/**
 * Schemas of the lead gateway's customer-side calls (calls.ts beside it): create and
 * fetch a lead, providers, suggestions, reviews, assignment, deals, hiring, phone (the one-time
 * token's are in one-time-token-calls.ts). Where the spec leaves a response "not shown", the shape is
 * our design and the sandbox gateway implements the same.
 */

// ---- Create lead ------------------------------------------------------------------

const ContactInformationSchema = v.object({
  email: EmailAddress,
  firstName: v.pipe(v.string(), v.minLength(1)),
  lastName: v.pipe(v.string(), v.minLength(1)),
  phoneNumber: v.pipe(v.string(), v.regex(/^\d{10}$/)),
});

const LeadAttributeSchema = v.object({ questionText: v.string(), answerText: v.string() });

const CreateLeadBase = {
  source: v.string(),
  title: v.pipe(v.string(), v.minLength(1)),
  description: v.optional(v.string(), ''),
  urgency: v.optional(v.string(), 'NA'),
  categoryId: CategoryId,
  showAddress: v.optional(v.boolean(), false),
  attributes: v.optional(v.array(LeadAttributeSchema), []),
  assignedServiceProviderIds: v.optional(IdList, []),
  contactInformation: ContactInformationSchema,
};

export const CreateLeadV1Schema = v.object({
  ...CreateLeadBase,
  address: v.object({ postalAddressId: Id }),
});
export type CreateLeadV1 = v.InferInput<typeof CreateLeadV1Schema>;

const FullAddressSchema = v.object({
  lineOne: v.string(),
  lineTwo: v.optional(v.string()),
  city: v.string(),
  state: v.string(),
  postalCode: PostalCode,
});

export const CreateLeadV3Schema = v.object({
  ...CreateLeadBase,
  address: FullAddressSchema,
  assignedExternalServiceProviderIds: v.optional(IdList, []),
  externalType: v.optional(v.string()),
  externalId: v.optional(v.string()),
  externalLeadAttributes: v.optional(v.record(v.string(), v.string())),
  skipHaOLNotification: v.optional(v.boolean(), false),
});
export type CreateLeadV3 = v.InferInput<typeof CreateLeadV3Schema>;

/** The spec reads `body.leadId`: the parsed response body carries `leadId`. */
export const CreateLeadResponseSchema = v.object({ leadId: Id });

// ---- Fetched lead (funnel) --------------------------------------------------------------

export const FetchedLeadSchema = v.object({
  /** Not a spec field (ours): optional, never read (the funnel knows the lead it asked for). */
  leadId: v.optional(Id),
  userId: Id,
  title: OptionalText,
  description: OptionalText,
  urgency: OptionalText,
  postalAddress: v.object({ postalCode: v.string(), advertisingZone: v.nullish(v.number()) }),
  category: v.object({ id: CategoryId, name: OptionalText }),
});
export type FetchedLead = v.InferOutput<typeof FetchedLeadSchema>;

// ---- Providers, categories, addresses ---------------------------------------------------

export const ProviderSummarySchema = v.object({
  id: Id,
  serviceProviderType: ServiceProviderType,
  name: v.string(),
  rating: v.nullish(v.number()),
  reviewCount: v.nullish(v.number(), 0),
});
export type ProviderSummary = v.InferOutput<typeof ProviderSummarySchema>;

export const LeadProvidersResponseSchema = v.object({ serviceProviders: v.array(ProviderSummarySchema) });

export const ProviderComparisonResponseSchema = v.object({
  serviceProviders: v.array(
    v.object({
      ...ProviderSummarySchema.entries,
      hired: v.boolean(),
      responded: v.boolean(),
    }),
  ),
});

/**
 * A provider's id as §3 spells it on the details answers, `serviceProvideId` (sic), or spelled
 * right: either is read (row L9, L12); both absent fails the answer.
 */
const ProviderIdSpellings = {
  serviceProviderId: v.nullish(Id),
  serviceProvideId: v.nullish(Id),
};
function providerIdOf(answer: { serviceProviderId?: number | null | undefined; serviceProvideId?: number | null | undefined }): number | null {
  return answer.serviceProviderId ?? answer.serviceProvideId ?? null;
}

/**
 * GET /v1/serviceprovider/{id}/details (row L9). Read: the id (either spelling, above) and
 * `categories` (§3; absent or null: none, the category then comes from the form or the query).
 * Not in the spec, so never required: `name` (null: the funnel says 'this pro' where it would name
 * them), `serviceProviderType` (ours; AL when absent) and `primaryAddress`.
 */
export const ProviderDetailsResponseSchema = v.pipe(
  v.object({
    ...ProviderIdSpellings,
    /** Ours (the funnel sends an HA provider's lead as an external one); AL when absent. */
    serviceProviderType: v.nullish(ServiceProviderType, 'AL'),
    name: v.nullish(v.string(), null),
    primaryAddress: v.nullish(v.object({ postalCode: v.nullish(v.string(), null) }), null),
    categories: v.nullish(v.array(ProviderCategorySchema), []),
  }),
  v.check((answer) => providerIdOf(answer) !== null, 'the provider id (serviceProviderId or serviceProvideId) is missing'),
  v.transform(({ serviceProvideId: _sic, ...answer }) => ({ ...answer, serviceProviderId: providerIdOf({ ...answer, serviceProvideId: _sic }) as number })),
);
export type ProviderDetails = v.InferOutput<typeof ProviderDetailsResponseSchema>;

export const CombinedDetailsRequestSchema = v.object({
  categoryId: CategoryId,
  postalCode: PostalCode,
  alServiceProviderIds: v.optional(IdList, []),
  haServiceProviderIds: v.optional(IdList, []),
});
export type CombinedDetailsRequest = v.InferInput<typeof CombinedDetailsRequestSchema>;

/**
 * POST /v1/serviceProviders/details (row L12): per provider its id (`serviceProvideId` (sic) or
 * spelled right) and `categories`, the only fields read. `serviceProviderType` (ours) tells an AL
 * pro from an HA one with the same id; without it the categories go to the card of that id
 * whichever its type. `name` is not read. The envelope is ours; a bare list is accepted too.
 */
export const CombinedDetailsResponseSchema = v.pipe(
  v.unknown(),
  v.transform((answer) => (Array.isArray(answer) ? { serviceProviders: answer } : answer)),
  v.object({
    serviceProviders: v.array(
      v.pipe(
        v.object({
          ...ProviderIdSpellings,
          serviceProviderType: v.nullish(ServiceProviderType, null),
          categories: v.nullish(v.array(ProviderCategorySchema), []),
        }),
        v.check((provider) => providerIdOf(provider) !== null, 'the provider id (serviceProviderId or serviceProvideId) is missing'),
        v.transform(({ serviceProvideId: sic, serviceProviderId, ...provider }) => ({
          ...provider,
          serviceProvideId: providerIdOf({ serviceProviderId, serviceProvideId: sic }) as number,
        })),
      ),
    ),
  }),
);

export const CityStateResponseSchema = v.object({
  city: v.string(),
  stateAbbreviation: v.string(),
  postalCode: v.string(),
});

export const EligibilityResponseSchema = v.object({ eligible: v.boolean() });

export const TopCategoriesResponseSchema = v.object({
  categories: v.array(v.object({ categoryId: CategoryId, name: v.string() })),
});

export const AutocompleteQuerySchema = v.object({
  query: v.pipe(v.string(), v.trim(), v.minLength(1)),
  taxonomyName: v.optional(v.string(), 'HA Task'),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50)), 10),
});
export const AutocompleteResponseSchema = v.object({ results: v.array(TaxonomyCategorySchema) });

// ---- Suggestions ---------------------------------------------------------------------

export const SuggestionRequestSchema = v.object({
  categoryId: CategoryId,
  postalCode: PostalCode,
  excludedServiceProviderIds: v.optional(IdList, []),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 3),
  epid: v.optional(v.string()),
  description: v.optional(v.string()),
  haProRequiredDetails: v.optional(v.record(v.string(), v.string())),
});
export type SuggestionRequest = v.InferInput<typeof SuggestionRequestSchema>;

/**
 * A service request id: an integer (assign v2 sends "ids as integers"); the suggestion
 * call makes one, assign v2, opportunity leads and pro selection take it back.
 */
export const ServiceRequestId = Id;

export const SuggestionResponseSchema = v.object({
  serviceProviders: v.array(ProviderSummarySchema),
  serviceRequestId: ServiceRequestId,
});

// ---- Reviews of a provider ---------------------------------------------------------------

/**
 * K5: the `reviewType` leadkit sends (the spec names the field, not its values; 'All' is ours:
 * docs/gateway-assumptions.md#8-constants): every
 * review, whatever its rating. The request's default, so a caller that leaves it out sends it.
 */
const REVIEW_TYPE_ALL = 'All';

export const ReviewsRequestSchema = v.object({
  serviceProviderType: ServiceProviderType,
  serviceProviderId: Id,
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 10),
  offset: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 0),
  reviewType: v.optional(v.string(), REVIEW_TYPE_ALL),
});
export type ReviewsRequest = v.InferInput<typeof ReviewsRequestSchema>;

export const ReviewsResponseSchema = v.object({
  reviews: v.array(
    v.object({
      reviewId: Id,
      rating: v.pipe(v.number(), v.minValue(1), v.maxValue(5)),
      text: v.string(),
      reviewerName: v.string(),
      createDate: IsoDateTime,
    }),
  ),
  totalCount: v.number(),
});

// ---- Assignment, projects, misc ----------------------------------------------------------
// The answers of assign (v1, v2), pro selection, handy send, mark hired and update phone are not read
// (row L18): any 2xx is success (`UnreadAnswer`).

export const AssignV1RequestSchema = v.object({ serviceProviderIds: v.pipe(IdList, v.minLength(1)) });
export const AssignV2RequestSchema = v.object({
  serviceProviderIds: IdList,
  haServiceProviderIds: IdList,
  serviceRequestId: ServiceRequestId,
});

export const ProjectsQuerySchema = v.object({
  projectStatuses: v.optional(v.array(v.string()), []),
  leadStatuses: v.optional(v.array(v.string()), []),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 10),
  offset: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 0),
});
export const ProjectsResponseSchema = v.object({
  projects: v.array(
    v.object({
      leadId: Id,
      title: v.string(),
      categoryId: CategoryId,
      projectStatus: v.string(),
      createDate: IsoDateTime,
    }),
  ),
  pagination: v.object({ totalNumber: v.number() }),
});

export const FollowUpDealsQuerySchema = v.object({
  defaultCatGroupIds: v.optional(IdList, []),
  categoryId: CategoryId,
  postalCode: PostalCode,
});
export const FollowUpDealsResponseSchema = v.object({
  deals: v.array(v.object({ dealId: Id, title: v.string(), price: v.number(), serviceProviderId: Id })),
});

export const MarkHiredRequestSchema = v.object({ serviceProviderType: ServiceProviderType, serviceProviderId: Id });

export const UpdatePhoneRequestSchema = v.object({ phoneNumber: v.pipe(v.string(), v.regex(/^\d{10}$/)) });
