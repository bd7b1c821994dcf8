import * as v from 'valibot';
import { CategoryId, Id, IdList, IsoDateTime } from '../core/shared-schemas';

/** The lead gateway's contact records: a module of its own, apart from schemas.ts. */

const ContactRecordSchema = v.object({
  contactId: Id,
  contactType: v.number(),
  serviceProviderId: Id,
  entityId: v.nullish(v.string()),
  entityType: v.nullish(v.string()),
  createDate: IsoDateTime,
});
export const ContactsResponseSchema = v.object({ contacts: v.array(ContactRecordSchema) });

/** Contact creation after a message send (its path is ours: POST /gateway/lead/v1/contact; docs/gateway-assumptions.md, row M7). */
export const CreateContactRequestSchema = v.object({
  postalCode: v.string(),
  payloads: v.pipe(v.array(v.object({ contactPlacementType: v.number(), serviceProviderIds: IdList })), v.minLength(1)),
  campaignId: v.nullish(v.string()),
  sessionStartTimestamp: v.nullish(v.number()),
  categoryId: CategoryId,
  contactType: v.number(),
  entityId: v.string(),
  entityType: v.literal('message'),
});
export type CreateContactRequest = v.InferInput<typeof CreateContactRequestSchema>;
export const CreateContactResponseSchema = v.object({ contactIds: IdList });
