import * as v from 'valibot';
import { Id, IdList, IsoDateTime, OptionalText } from '../core/shared-schemas';

/** Schemas of the message center (`/gateway/message-center`). */

/** Message payload: text, sender, receiver, optional tracking fields. */
export const SendMessageRequestSchema = v.object({
  text: v.pipe(v.string(), v.minLength(1), v.maxLength(10_000)),
  senderEntityId: Id,
  receiverEntityId: Id,
  leadId: v.optional(Id),
  /** Tracking fields: where the message was sent from (never customer data). */
  pageName: v.optional(v.string()),
  contactPlacementType: v.optional(v.number()),
});
export type SendMessageRequest = v.InferInput<typeof SendMessageRequestSchema>;
export const SendMessageResponseSchema = v.object({ messageId: v.string() });

/**
 * Contact info entry (§3). Read: `leadId` (which lead it is), the numbers (null or absent: none) and
 * `maskedNumberActive` (null or absent: not active, so a masked number shows 'Expired').
 */
export const ContactInfoEntrySchema = v.object({
  leadId: Id,
  phoneNumber: OptionalText,
  maskedNumber: OptionalText,
  maskedNumberActive: v.nullish(v.boolean(), false),
});
export type ContactInfoEntry = v.InferOutput<typeof ContactInfoEntrySchema>;
export const LeadPhoneNumbersQuerySchema = v.object({ serviceProviderId: Id, leadIds: v.pipe(IdList, v.minLength(1)) });
/** The envelope is ours (row M2); a bare list of entries is read too. */
export const LeadPhoneNumbersResponseSchema = v.pipe(
  v.unknown(),
  v.transform((answer) => (Array.isArray(answer) ? { contactInfo: answer } : answer)),
  v.object({ contactInfo: v.array(ContactInfoEntrySchema) }),
);

/** An optional field a strict gateway may send as null: read as absent. */
function NullAsAbsent<S extends v.GenericSchema>(schema: S) {
  return v.pipe(
    v.nullish(schema),
    v.transform((value) => value ?? undefined),
  );
}

/** Interaction activities; the thread asks for GenericMessage ones. */
export const InteractionActivitiesQuerySchema = v.object({
  interactorId: Id,
  interactorType: v.picklist(['ServiceProvider', 'Member']),
  /** Each with a version suffix, e.g. `GenericMessage.v1`. */
  activityTypes: v.pipe(v.array(v.pipe(v.string(), v.regex(/^\w+\.v\d+$/))), v.minLength(1)),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 4),
  offset: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 0),
  sortDirection: v.optional(v.picklist(['Newest', 'Oldest']), 'Newest'),
  includeRequestorActivities: v.optional(v.boolean(), true),
});
export type InteractionActivitiesQuery = v.InferInput<typeof InteractionActivitiesQuerySchema>;
const InteractionActivitySchema = v.object({
  activityId: v.string(),
  activityType: v.string(),
  createDate: IsoDateTime,
  counterpartId: NullAsAbsent(Id),
  /**
   * Not shown in the spec (ours): who wrote a GenericMessage (the provider or the member) and
   * its text, for the read-only 'Message History' view. Both optional: an activity without them
   * is listed with a 'no text' line.
   */
  actorId: NullAsAbsent(Id),
  text: NullAsAbsent(v.string()),
});
export type InteractionActivity = v.InferOutput<typeof InteractionActivitySchema>;
export const InteractionActivitiesResponseSchema = v.object({ activities: v.array(InteractionActivitySchema) });

export const ThreadReadRequestSchema = v.object({ serviceProviderId: Id, userId: Id, read: v.boolean() });
