import * as v from 'valibot';
import { AckSchema, CategoryId, CategoryRefSchema, Id, IdList, IsoDateTime, OptionalText, TaxonomyCategorySchema } from '../shared-schemas';

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

/**
 * A LeadFeed lead's purchase window so far (issue 18 §1; our design, served by the sandbox): how
 * many providers bought it and when it was sent to this one. The 3-buyer / 24-hour rule is the
 * client's (domain/purchase-window.ts).
 */
export const PurchaseWindowSchema = v.object({
  buyerCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  sentAt: IsoDateTime,
});

/** v1: `user` holds name and contact (contact only once purchased). */
export const LeadPageResponseSchema = v.object({
  leadId: Id,
  purchased: v.boolean(),
  createDate: v.optional(IsoDateTime),
  info: LeadInfoSchema,
  address: LeadPageAddressSchema,
  user: v.nullish(LeadPageUserSchema),
  /** Absent or null for a lead that did not come through LeadFeed (no window to show). */
  purchaseWindow: v.nullish(PurchaseWindowSchema),
});
export type LeadPageResponse = v.InferOutput<typeof LeadPageResponseSchema>;

/**
 * V2: `customerInfo {firstName, lastName}`; contact fields arrive in `user` once purchased. The
 * same path is the provider dashboard's single lead (§7), whose customerInfo also says whether
 * texting is on (`isSmsEnabled`, §3 provider view): a masked number lives 30 days with it, 28
 * without (the thread's Contact modal). Absent: off.
 */
export const LeadPageResponseV2Schema = v.object({
  ...LeadPageResponseSchema.entries,
  customerInfo: v.nullish(v.object({ firstName: OptionalText, lastName: OptionalText, isSmsEnabled: v.optional(v.boolean(), false) })),
});
export type LeadPageResponseV2 = v.InferOutput<typeof LeadPageResponseV2Schema>;

export const SeoCityStateResponseSchema = v.object({
  city: v.string(),
  state: v.string(),
  stateAbbreviation: v.string(),
  seoCity: v.string(),
  seoState: v.string(),
});

export { TaxonomyCategorySchema };

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

export const DisplayPreferencesRequestSchema = v.object({
  displayPreferences: v.pipe(v.array(v.pipe(v.string(), v.minLength(1))), v.minLength(1)),
});
export const DisplayPreferencesResponseSchema = v.object({ displayPreferences: v.array(v.string()) });

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

export { AckSchema, Id };

// The customer side (the request-a-quote funnel): its own module, so the lead page does not load it.
export * from './funnel-schemas';
