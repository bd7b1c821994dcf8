import * as v from 'valibot';
import { LEAD_STATUSES } from '../../domain/lead-status';
import { NOTES_MAX_LENGTH, notesLength } from '../../domain/notes';
import { SORT_OPTIONS } from '../../domain/sort';
import { CategoryId, CategoryRefSchema, Id, IdList, IsoDateTime, NullableText, OptionalText } from '../core/shared-schemas';

/** Schemas of the provider dashboard calls (paths under `/gateway`). */

const LeadStatusSchema = v.picklist(LEAD_STATUSES);
const SortSchema = v.picklist(SORT_OPTIONS);

// ---- Provider info -----------------------------------------------------------------------

/**
 * One provider of the answer. The board reads `name` only (the header, and the leads call's
 * businessName), so that is all it checks: `null` or absent is read as null (the header then
 * says 'Your leads'). `id` (ours) or `serviceProviderId` picks the provider asked for; without
 * either the board takes the first (it asked for one). `primaryAddress.postalCode` is the spec's
 * and kept for hosts, never required.
 */
const ServiceProviderInfoSchema = v.object({
  id: v.nullish(Id),
  serviceProviderId: v.nullish(Id),
  name: NullableText,
  primaryAddress: v.nullish(v.object({ postalCode: NullableText }), null),
});
export type ServiceProviderInfo = v.InferOutput<typeof ServiceProviderInfoSchema>;

/**
 * The answer's envelope is not shown (row O1). Accepted: `{ serviceProviders: [...] }` (ours, the
 * query's plural `serviceProviderIds`), a bare list `[...]`, `{ serviceProvider: {...} }` and a
 * bare provider `{ name, primaryAddress }` (§3's entity itself). Each is read as the first.
 */
function providerEnvelope(answer: unknown): unknown {
  if (Array.isArray(answer)) return { serviceProviders: answer };
  if (answer === null || typeof answer !== 'object') return answer;
  const record = answer as Record<string, unknown>;
  if (Array.isArray(record.serviceProviders)) return record;
  if (record.serviceProvider !== null && typeof record.serviceProvider === 'object') return { serviceProviders: [record.serviceProvider] };
  if ('name' in record || 'primaryAddress' in record) return { serviceProviders: [record] };
  return record;
}
export const ServiceProvidersResponseSchema = v.pipe(
  v.unknown(),
  v.transform(providerEnvelope),
  v.object({ serviceProviders: v.array(ServiceProviderInfoSchema) }),
);

// ---- Lead (provider view) ------------------------------------------------------------------

const CustomerInfoSchema = v.object({
  userId: Id,
  firstName: OptionalText,
  lastName: OptionalText,
  phoneNumber: OptionalText,
  emailAddress: OptionalText,
  addressLineOne: OptionalText,
  addressLineTwo: OptionalText,
  city: OptionalText,
  state: OptionalText,
  postalCode: OptionalText,
  // A strict gateway's null for a flag: off.
  isMaskedPhone: v.nullish(v.boolean(), false),
  isMaskedPhoneActive: v.nullish(v.boolean(), false),
  isSmsEnabled: v.nullish(v.boolean(), false),
  phoneUrl: OptionalText,
});
export type CustomerInfo = v.InferOutput<typeof CustomerInfoSchema>;

const LeadFeedbackSchema = v.object({
  rating: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)),
  reason: OptionalText,
});

export const LeadSchema = v.object({
  leadId: Id,
  status: LeadStatusSchema,
  /** Kept as text: an unknown future source must not break the whole board. */
  source: v.string(),
  read: v.boolean(),
  hasUnreadMessages: v.boolean(),
  isArchived: v.boolean(),
  createDate: IsoDateTime,
  urgency: v.nullish(v.string(), 'NA'),
  description: OptionalText,
  notes: OptionalText,
  redemptionId: v.nullish(v.union([Id, v.string()])),
  thimbleUrl: OptionalText,
  feedback: v.nullish(LeadFeedbackSchema),
  category: CategoryRefSchema,
  dealInfo: v.nullish(v.object({ title: v.string(), price: v.nullish(v.number()) })),
  questionsAndAnswers: v.nullish(v.array(v.object({ question: v.string(), answers: v.array(v.string()) })), []),
  customerInfo: CustomerInfoSchema,
  /** Card flags. */
  isOptedInButNotConnected: v.nullish(v.boolean(), false),
  isSmsEnabled: v.nullish(v.boolean(), false),
});
export type Lead = v.InferOutput<typeof LeadSchema>;

// ---- Lead list (POST /lead/office/v6/leads/serviceProvider/{id}) -------------------------

export const LeadFiltersWireSchema = v.object({
  archived: v.optional(v.boolean(), false),
  hasUnreadMessages: v.nullish(v.literal(true)),
  displayLead: v.optional(v.boolean(), true),
  sources: v.optional(v.array(v.string())),
  serviceProviderLeadStatuses: v.optional(v.array(LeadStatusSchema)),
  dateRange: v.nullish(v.object({ startDate: v.nullish(IsoDateTime), endDate: v.nullish(IsoDateTime) })),
  categoryIds: v.optional(v.array(CategoryId)),
  name: v.nullish(v.string()),
  contactInformationIds: v.optional(IdList),
  cityState: v.nullish(v.object({ city: v.string(), stateAbbr: v.string() })),
  postalCode: v.nullish(v.string()),
});
export type LeadFiltersWire = v.InferInput<typeof LeadFiltersWireSchema>;

export const LeadListRequestSchema = v.object({
  offset: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 0),
  sort: v.optional(SortSchema, 'NewestOldest'),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)), 5),
  businessName: v.nullish(v.string()),
  featuredLeadId: v.nullish(Id),
  filters: v.optional(LeadFiltersWireSchema, {}),
});
export type LeadListRequest = v.InferInput<typeof LeadListRequestSchema>;

export const LeadListResponseSchema = v.object({
  leads: v.array(LeadSchema),
  pagination: v.object({ totalNumber: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
});
export type LeadListResponse = v.InferOutput<typeof LeadListResponseSchema>;

// ---- Lead actions -------------------------------------------------------------------------
// Their answers are not read (row O4): any 2xx is success (`UnreadAnswer`), the board keeps what it sent.

export const MarkReadRequestSchema = v.object({ leadId: Id, read: v.boolean() });

/** Job notes: the note update replaces the lead's notes; ≤ 2048 characters (docs/architecture.md#text-limits). */
export const NoteRequestSchema = v.object({
  serviceProviderId: Id,
  note: v.pipe(
    v.string(),
    v.check((note) => notesLength(note) <= NOTES_MAX_LENGTH),
  ),
});

export const StatusRequestSchema = v.object({ serviceProviderId: Id, status: LeadStatusSchema });

export const ArchiveRequestSchema = v.object({ serviceProviderId: Id, leadId: Id, archived: v.boolean() });
