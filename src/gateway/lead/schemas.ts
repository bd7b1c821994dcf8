import * as v from 'valibot';
import { CategoryId, Id, IdList, NullableText, OptionalText } from '../core/shared-schemas';

export const SeoCityStateResponseSchema = v.object({
  city: v.string(),
  state: v.string(),
  stateAbbreviation: v.string(),
  seoCity: v.string(),
  seoState: v.string(),
});

// ---- Review request for a lead (board: pre-fill of the review form) ---------------------

export const LeadReviewRequestSchema = v.object({ serviceProviderId: Id, leadId: Id });
/**
 * The pre-fill (row L6: the answer is not shown, so every field may be absent or null). Read: the
 * contact fields (the form starts with them), `isMaskedPhone` (a masked number is not
 * pre-filled; false when absent), `postalCode` (sent with the request) and the lead's category:
 * `category.id`, or the ids of `categories` (the spec's gateway variant of the review request,
 * §3) — it and its parents start selected. `leadId` and `serviceProviderId` are not read.
 */
export const LeadReviewRequestResponseSchema = v.object({
  firstName: NullableText,
  lastName: NullableText,
  emailAddress: NullableText,
  phoneNumber: NullableText,
  isMaskedPhone: v.nullish(v.boolean(), false),
  postalCode: NullableText,
  category: v.nullish(v.object({ id: CategoryId, name: NullableText }), null),
  categories: v.nullish(v.array(CategoryId), null),
});
export type LeadReviewRequest = v.InferOutput<typeof LeadReviewRequestResponseSchema>;

export const DisplayPreferencesRequestSchema = v.object({
  displayPreferences: v.pipe(v.array(v.pipe(v.string(), v.minLength(1))), v.minLength(1)),
});

export const OpportunityLeadsResponseSchema = v.object({
  opportunityLeads: v.array(v.object({ leadId: Id, serviceProviderId: Id })),
});

// ---- Board autocomplete ----------------------------------------------------------

const LocationSuggestionSchema = v.object({
  city: OptionalText,
  state: OptionalText,
  postalCode: OptionalText,
  locationName: v.string(),
});
const CategorySuggestionSchema = v.object({ categoryId: CategoryId, categoryName: v.string() });
const MemberSuggestionSchema = v.object({ memberName: v.string(), contactInformationIds: IdList });
export type LocationSuggestion = v.InferOutput<typeof LocationSuggestionSchema>;
export type CategorySuggestion = v.InferOutput<typeof CategorySuggestionSchema>;
export type MemberSuggestion = v.InferOutput<typeof MemberSuggestionSchema>;

export const LocationType = v.picklist(['city', 'postalCode', 'all']);
export const LocationSuggestionsResponseSchema = v.object({ suggestions: v.array(LocationSuggestionSchema) });
export const CategorySuggestionsResponseSchema = v.object({ suggestions: v.array(CategorySuggestionSchema) });
export const MemberSuggestionsResponseSchema = v.object({ suggestions: v.array(MemberSuggestionSchema) });
