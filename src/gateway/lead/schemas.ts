import * as v from 'valibot';
import {
  AckSchema,
  CategoryId,
  CategoryRefSchema,
  EmailAddress,
  Id,
  IdList,
  IsoDateTime,
  OptionalText,
  PostalCode,
  ProviderCategorySchema,
  ServiceProviderType,
  TaxonomyCategorySchema,
} from '../shared-schemas';

/**
 * Schemas of the lead gateway (`/gateway/lead`, spec §7). Where the spec leaves a response
 * "not shown", the shape here is our design and the sandbox gateway implements the same.
 */

// ---- Lead page (§3 "Lead (lead-page response)") ------------------------------------------

const QuestionAnswerSchema = v.object({ questionText: v.string(), answerText: v.string() });

const LeadInfoSchema = v.object({
  title: v.string(),
  description: OptionalText,
  urgency: v.string(),
  category: CategoryRefSchema,
  attributes: v.array(QuestionAnswerSchema),
});

/**
 * Two address spellings exist: firstLine/secondLine (v1) and lineOne/lineTwo (the other
 * variant). One object accepts both (a union of two all-optional shapes would silently strip
 * the second spelling).
 */
export const LeadPageAddressSchema = v.object({
  firstLine: OptionalText,
  secondLine: OptionalText,
  lineOne: OptionalText,
  lineTwo: OptionalText,
  city: v.string(),
  state: v.string(),
  postalCode: v.string(),
});

const LeadPageUserSchema = v.object({
  firstName: OptionalText,
  lastName: OptionalText,
  phone: OptionalText,
  email: OptionalText,
});

/** v1: `user` holds name and contact (contact only once purchased). */
export const LeadPageResponseSchema = v.object({
  leadId: Id,
  purchased: v.boolean(),
  createDate: v.optional(IsoDateTime),
  info: LeadInfoSchema,
  address: LeadPageAddressSchema,
  user: v.nullish(LeadPageUserSchema),
});
export type LeadPageResponse = v.InferOutput<typeof LeadPageResponseSchema>;

/** V2: `customerInfo {firstName, lastName}`; contact fields arrive in `user` once purchased. */
export const LeadPageResponseV2Schema = v.object({
  ...LeadPageResponseSchema.entries,
  customerInfo: v.nullish(v.object({ firstName: OptionalText, lastName: OptionalText })),
});
export type LeadPageResponseV2 = v.InferOutput<typeof LeadPageResponseV2Schema>;

// ---- Create lead (§3 "Lead create payload") ---------------------------------------------

export const ContactInformationSchema = v.object({
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

export const FullAddressSchema = v.object({
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

// ---- Fetched lead (funnel, §3) ----------------------------------------------------------

export const FetchedLeadSchema = v.object({
  leadId: Id,
  userId: Id,
  title: v.optional(v.string()),
  description: OptionalText,
  urgency: v.optional(v.string()),
  postalAddress: v.object({ postalCode: v.string(), advertisingZone: v.nullish(v.number()) }),
  category: v.object({ id: CategoryId, name: v.optional(v.string()) }),
});
export type FetchedLead = v.InferOutput<typeof FetchedLeadSchema>;

// ---- Providers, categories, addresses ---------------------------------------------------

export const ProviderSummarySchema = v.object({
  id: Id,
  serviceProviderType: ServiceProviderType,
  name: v.string(),
  rating: v.nullish(v.number()),
  reviewCount: v.optional(v.number(), 0),
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

export const ProviderDetailsResponseSchema = v.object({
  serviceProviderId: Id,
  /** Ours (the funnel sends an HA provider's lead as an external one); AL when absent. */
  serviceProviderType: v.optional(ServiceProviderType, 'AL'),
  name: v.string(),
  primaryAddress: v.object({ postalCode: v.string() }),
  categories: v.array(ProviderCategorySchema),
});
export type ProviderDetails = v.InferOutput<typeof ProviderDetailsResponseSchema>;

export const CombinedDetailsRequestSchema = v.object({
  categoryId: CategoryId,
  postalCode: PostalCode,
  alServiceProviderIds: v.optional(IdList, []),
  haServiceProviderIds: v.optional(IdList, []),
});
export type CombinedDetailsRequest = v.InferInput<typeof CombinedDetailsRequestSchema>;

/** `serviceProvideId` (sic) is the gateway's spelling (§3). */
export const CombinedDetailsResponseSchema = v.object({
  serviceProviders: v.array(
    v.object({
      serviceProvideId: Id,
      serviceProviderType: ServiceProviderType,
      name: v.string(),
      categories: v.array(ProviderCategorySchema),
    }),
  ),
});

export const CityStateResponseSchema = v.object({
  city: v.string(),
  stateAbbreviation: v.string(),
  postalCode: v.string(),
});

export const SeoCityStateResponseSchema = v.object({
  city: v.string(),
  state: v.string(),
  stateAbbreviation: v.string(),
  seoCity: v.string(),
  seoState: v.string(),
});

export { TaxonomyCategorySchema };

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

// ---- Suggestions (§3 "Suggestion request") -----------------------------------------------

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
 * A service request id: an integer (§7 assign v2 sends "ids as integers"); the suggestion
 * call makes one, assign v2, opportunity leads and pro selection take it back.
 */
export const ServiceRequestId = Id;

export const SuggestionResponseSchema = v.object({
  serviceProviders: v.array(ProviderSummarySchema),
  serviceRequestId: ServiceRequestId,
});
export type SuggestionResponse = v.InferOutput<typeof SuggestionResponseSchema>;

// ---- Reviews of a provider ---------------------------------------------------------------

export const ReviewsRequestSchema = v.object({
  serviceProviderType: ServiceProviderType,
  serviceProviderId: Id,
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 10),
  offset: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 0),
  reviewType: v.optional(v.string(), 'All'),
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

// ---- Review request for a lead (board: pre-fill of the review form) ---------------------

export const LeadReviewRequestSchema = v.object({ serviceProviderId: Id, leadId: Id });
export const LeadReviewRequestResponseSchema = v.object({
  leadId: Id,
  serviceProviderId: Id,
  firstName: OptionalText,
  lastName: OptionalText,
  emailAddress: OptionalText,
  phoneNumber: OptionalText,
  isMaskedPhone: v.boolean(),
  postalCode: v.string(),
  category: CategoryRefSchema,
});
export type LeadReviewRequest = v.InferOutput<typeof LeadReviewRequestResponseSchema>;

// ---- Assignment, projects, misc ----------------------------------------------------------

export const AssignV1RequestSchema = v.object({ serviceProviderIds: v.pipe(IdList, v.minLength(1)) });
export const AssignV2RequestSchema = v.object({
  serviceProviderIds: IdList,
  haServiceProviderIds: IdList,
  serviceRequestId: ServiceRequestId,
});
export const AssignResponseSchema = v.object({
  leadId: Id,
  assignedServiceProviderIds: IdList,
  assignedHaServiceProviderIds: IdList,
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

export const SendLeadResponseSchema = v.object({ sent: v.boolean() });

export const DisplayPreferencesRequestSchema = v.object({
  displayPreferences: v.pipe(v.array(v.pipe(v.string(), v.minLength(1))), v.minLength(1)),
});
export const DisplayPreferencesResponseSchema = v.object({ displayPreferences: v.array(v.string()) });

export const FollowUpDealsQuerySchema = v.object({
  defaultCatGroupIds: v.optional(IdList, []),
  categoryId: CategoryId,
  postalCode: PostalCode,
});
export const FollowUpDealsResponseSchema = v.object({
  deals: v.array(v.object({ dealId: Id, title: v.string(), price: v.number(), serviceProviderId: Id })),
});

export const ContactRecordSchema = v.object({
  contactId: Id,
  contactType: v.number(),
  serviceProviderId: Id,
  entityId: v.nullish(v.string()),
  entityType: v.nullish(v.string()),
  createDate: IsoDateTime,
});
export const ContactsResponseSchema = v.object({ contacts: v.array(ContactRecordSchema) });

/** Contact creation after a message send (§7; its path is ours: POST /gateway/lead/v1/contact). */
export const CreateContactRequestSchema = v.object({
  postalCode: v.string(),
  payloads: v.pipe(
    v.array(v.object({ contactPlacementType: v.number(), serviceProviderIds: IdList })),
    v.minLength(1),
  ),
  campaignId: v.nullish(v.string()),
  sessionStartTimestamp: v.nullish(v.number()),
  categoryId: CategoryId,
  contactType: v.number(),
  entityId: v.string(),
  entityType: v.literal('message'),
});
export type CreateContactRequest = v.InferInput<typeof CreateContactRequestSchema>;
export const CreateContactResponseSchema = v.object({ contactIds: IdList });

export const OpportunityLeadsResponseSchema = v.object({
  opportunityLeads: v.array(v.object({ leadId: Id, serviceProviderId: Id })),
});

export const MarkHiredRequestSchema = v.object({ serviceProviderType: ServiceProviderType, serviceProviderId: Id });
export const MarkHiredResponseSchema = v.object({ leadId: Id, serviceProviderId: Id, hired: v.literal(true) });

export const UpdatePhoneRequestSchema = v.object({ phoneNumber: v.pipe(v.string(), v.regex(/^\d{10}$/)) });
export const UpdatePhoneResponseSchema = v.object({ phoneNumber: v.string() });

// ---- Board autocomplete (§3 "Suggestions for filters") ----------------------------------

export const LocationSuggestionSchema = v.object({
  city: OptionalText,
  state: OptionalText,
  postalCode: OptionalText,
  locationName: v.string(),
});
export const CategorySuggestionSchema = v.object({ categoryId: CategoryId, categoryName: v.string() });
export const MemberSuggestionSchema = v.object({ memberName: v.string(), contactInformationIds: IdList });
export type LocationSuggestion = v.InferOutput<typeof LocationSuggestionSchema>;
export type CategorySuggestion = v.InferOutput<typeof CategorySuggestionSchema>;
export type MemberSuggestion = v.InferOutput<typeof MemberSuggestionSchema>;

export const LocationType = v.picklist(['city', 'postalCode', 'all']);
export const LocationSuggestionsResponseSchema = v.object({ suggestions: v.array(LocationSuggestionSchema) });
export const CategorySuggestionsResponseSchema = v.object({ suggestions: v.array(CategorySuggestionSchema) });
export const MemberSuggestionsResponseSchema = v.object({ suggestions: v.array(MemberSuggestionSchema) });

// ---- One-time token operations (§6; paths and shapes ours, see src/demo/README.md) --------

/** A token the gateway issued: sent back only as `Authorization: OneTime <token>`. */
export const OneTimeTokenSchema = v.object({
  token: v.pipe(v.string(), v.minLength(16), v.regex(/^\S+$/)),
  /** When it stops working unless renewed; null: it does not expire by time. */
  expiresAt: v.nullable(IsoDateTime),
  /**
   * Seconds it works from now (null: no time limit). Clients time renewals by this, not by
   * `expiresAt`: a browser's clock may be off.
   */
  expiresIn: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
  /** The member the token acts for (a fresh guest member for an issued token). */
  userId: Id,
});
export type OneTimeToken = v.InferOutput<typeof OneTimeTokenSchema>;
export const OneTimeTokenRenewalSchema = v.object({
  expiresAt: v.nullable(IsoDateTime),
  expiresIn: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
});
export const OneTimeTokenExpiredSchema = v.object({ expired: v.literal(true) });

export { AckSchema, Id };
