import * as v from 'valibot';
import { FEEDBACK_REASONS } from '../../domain/feedback';
import { NOTES_MAX_LENGTH, notesLength } from '../../domain/notes';
import type { GatewayClient } from '../core/client';
import { checkRequest, type CallOptions } from '../core/request-spec';
import { Id, UnreadAnswer } from '../core/shared-schemas';

/**
 * Lead feedback (docs/widgets/lead-board.md): its own endpoint group, so the feedback rules load with the
 * feedback popover rather than with the board.
 */
const id = (value: number) => encodeURIComponent(String(checkRequest('office.path', Id, value)));

export const FeedbackRequestSchema = v.object({
  leadId: Id,
  rating: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)),
  reason: v.picklist(FEEDBACK_REASONS),
  notes: v.optional(
    v.pipe(
      v.string(),
      v.check((notes) => notesLength(notes) <= NOTES_MAX_LENGTH),
    ),
    '',
  ),
});

/**
 * POST /lead/office/v1/leads/serviceprovider/{id}/feedback {leadId, rating, reason, notes}. The answer
 * is not read (row O5): any 2xx is success, and the board keeps the rating and reason it sent.
 */
export async function submitLeadFeedback(
  client: GatewayClient,
  serviceProviderId: number,
  body: v.InferInput<typeof FeedbackRequestSchema>,
  opts: CallOptions = {},
) {
  return client.request({
    operation: 'office.submitLeadFeedback',
    method: 'POST',
    path: `/gateway/lead/office/v1/leads/serviceprovider/${id(serviceProviderId)}/feedback`,
    provider: serviceProviderId,
    body: checkRequest('office.submitLeadFeedback', FeedbackRequestSchema, body),
    response: UnreadAnswer,
    signal: opts.signal,
  });
}
