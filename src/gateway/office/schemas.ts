import * as v from 'valibot';
import { LEAD_STATUSES } from '../../domain/lead-status';
import { NOTES_MAX_LENGTH, notesLength } from '../../domain/notes';
import { SORT_OPTIONS } from '../../domain/sort';
import { CategoryId, CategoryRefSchema, Id, IdList, IsoDateTime, OptionalText } from '../shared-schemas';

/** Schemas of the provider dashboard calls (paths under `/gateway`). */

export const LeadStatusSchema = v.picklist(LEAD_STATUSES);
export const SortSchema = v.picklist(SORT_OPTIONS);

// ---- Provider info -----------------------------------------------------------------------

export const ServiceProviderInfoSchema = v.object({
  /**
   * Not a spec field (ours): optional. The board asks for one provider, so without ids it takes
   * the first (and only) one of the answer.
   */
  id: v.optional(Id),
  name: v.string(),
  primaryAddress: v.object({ postalCode: v.string() }),
});
export type ServiceProviderInfo = v.InferOutput<typeof ServiceProviderInfoSchema>;
export const ServiceProvidersResponseSchema = v.object({ serviceProviders: v.array(ServiceProviderInfoSchema) });

// ---- Lead (provider view) ------------------------------------------------------------------

export const CustomerInfoSchema = v.object({
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
  isMaskedPhone: v.optional(v.boolean(), false),
  isMaskedPhoneActive: v.optional(v.boolean(), false),
  isSmsEnabled: v.optional(v.boolean(), false),
  phoneUrl: OptionalText,
});
export type CustomerInfo = v.InferOutput<typeof CustomerInfoSchema>;

export const LeadFeedbackSchema = v.object({
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
  urgency: v.optional(v.string(), 'NA'),
  description: OptionalText,
  notes: OptionalText,
  redemptionId: v.nullish(v.union([Id, v.string()])),
  thimbleUrl: OptionalText,
  feedback: v.nullish(LeadFeedbackSchema),
  category: CategoryRefSchema,
  dealInfo: v.nullish(v.object({ title: v.string(), price: v.nullish(v.number()) })),
  questionsAndAnswers: v.optional(v.array(v.object({ question: v.string(), answers: v.array(v.string()) })), []),
  customerInfo: CustomerInfoSchema,
  /** Card flags. */
  isOptedInButNotConnected: v.optional(v.boolean(), false),
  isSmsEnabled: v.optional(v.boolean(), false),
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

export type { RegisteredNumber, RegisterNumberRequest } from './registered-number-schemas';
