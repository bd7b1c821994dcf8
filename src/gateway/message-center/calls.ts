import type * as v from 'valibot';
import type { GatewayClient } from '../core/client';
import { checkRequest, newIdempotencyKey, type CallOptions, type CreateCallOptions } from '../core/request-spec';
import { UnreadAnswer } from '../core/shared-schemas';
import * as s from './schemas';

import { INTERACTION_ACTIVITIES_PATH, LEAD_PHONE_NUMBERS_PATH, MESSAGE_CENTER_BASE as BASE } from './paths';

/** Message center calls (paths under `/gateway/message-center`). */

type MessageSent = v.InferOutput<typeof s.SendMessageResponseSchema>;

/**
 * POST /v1/messages — caller id = sender. Idempotent per user action (a retry or a replay
 * after a challenge never sends the message twice); replayed after a passed challenge.
 */
export async function sendMessage(client: GatewayClient, body: s.SendMessageRequest, opts: CreateCallOptions<MessageSent> = {}) {
  const checked = checkRequest('messageCenter.sendMessage', s.SendMessageRequestSchema, body);
  return client.request({
    operation: 'messageCenter.sendMessage',
    method: 'POST',
    path: `${BASE}/v1/messages`,
    body: checked,
    callerId: checked.senderEntityId,
    response: s.SendMessageResponseSchema,
    oneTime: 'optional',
    idempotencyKey: opts.idempotencyKey ?? newIdempotencyKey(),
    replayable: true,
    signal: opts.signal,
    onReplayed: opts.onReplayed,
  });
}

/** GET /v2/lead/phone_number?serviceProviderId&leadIds — contact info entries for leads. */
export async function getLeadPhoneNumbers(client: GatewayClient, query: { serviceProviderId: number; leadIds: number[] }, opts: CallOptions = {}) {
  const checked = checkRequest('messageCenter.getLeadPhoneNumbers', s.LeadPhoneNumbersQuerySchema, query);
  return client.request({
    operation: 'messageCenter.getLeadPhoneNumbers',
    method: 'GET',
    path: LEAD_PHONE_NUMBERS_PATH,
    query: checked,
    provider: checked.serviceProviderId,
    response: s.LeadPhoneNumbersResponseSchema,
    signal: opts.signal,
  });
}

/** GET /v2/interactions/activities — limit 4, offset 0, Newest, includeRequestorActivities by default. */
export async function getInteractionActivities(client: GatewayClient, query: s.InteractionActivitiesQuery, opts: CallOptions = {}) {
  return client.request({
    operation: 'messageCenter.getInteractionActivities',
    method: 'GET',
    path: INTERACTION_ACTIVITIES_PATH,
    query: checkRequest('messageCenter.getInteractionActivities', s.InteractionActivitiesQuerySchema, query),
    response: s.InteractionActivitiesResponseSchema,
    signal: opts.signal,
  });
}

/** PUT /v1/messages/thread/read {serviceProviderId, userId, read} */
export async function markThreadRead(client: GatewayClient, body: { serviceProviderId: number; userId: number; read: boolean }, opts: CallOptions = {}) {
  const checked = checkRequest('messageCenter.markThreadRead', s.ThreadReadRequestSchema, body);
  return client.request({
    operation: 'messageCenter.markThreadRead',
    method: 'PUT',
    path: `${BASE}/v1/messages/thread/read`,
    body: checked,
    provider: checked.serviceProviderId,
    response: UnreadAnswer,
    signal: opts.signal,
  });
}
