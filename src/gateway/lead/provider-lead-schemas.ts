import * as v from 'valibot';
import { CategoryRefSchema, Id, IsoDateTime, OptionalText } from '../core/shared-schemas';

/**
 * The lead as a provider opens it (the lead page, the thread's lead): a module of its own,
 * apart from schemas.ts, so those widgets' first loads carry these schemas and not the rest
 * of the lead gateway's (the board's autocompletes, contacts, display preferences…).
 */

// ---- Lead page -------------------------------------------------------------------

const QuestionAnswerSchema = v.object({ questionText: v.string(), answerText: v.string() });

/** What the card shows. A strict gateway's null for what may be empty: no notes, no timing ('NA', §9's default), no questions. */
const LeadInfoSchema = v.object({
  title: v.string(),
  description: OptionalText,
  urgency: v.nullish(v.string(), 'NA'),
  category: CategoryRefSchema,
  attributes: v.nullish(v.array(QuestionAnswerSchema), []),
});

/**
 * Two address spellings exist: firstLine/secondLine (v1) and lineOne/lineTwo (the other
 * variant). One object accepts both (a union of two all-optional shapes would silently strip
 * the second spelling).
 */
const LeadPageAddressSchema = v.object({
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
 * A LeadFeed lead's purchase window so far (our design, served by the sandbox): how
 * many providers bought it and when it was sent to this one. The 3-buyer / 24-hour rule is the
 * client's (domain/purchase-window.ts).
 */
const PurchaseWindowSchema = v.object({
  buyerCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  sentAt: IsoDateTime,
});

/**
 * v1: `user` holds name and contact (contact only once purchased). `leadId` is not a spec field
 * (ours): optional, and never read — the page knows the lead it asked for.
 */
export const LeadPageResponseSchema = v.object({
  leadId: v.optional(Id),
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
 * same path is the provider dashboard's single lead, whose customerInfo also says whether
 * texting is on (`isSmsEnabled`): a masked number lives 30 days with it, 28
 * without (the thread's Contact modal). Absent: off.
 */
export const LeadPageResponseV2Schema = v.object({
  ...LeadPageResponseSchema.entries,
  customerInfo: v.nullish(v.object({ firstName: OptionalText, lastName: OptionalText, isSmsEnabled: v.optional(v.boolean(), false) })),
});
export type LeadPageResponseV2 = v.InferOutput<typeof LeadPageResponseV2Schema>;
