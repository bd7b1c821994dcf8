import { CONTACT_PLACEMENT_UNKNOWN } from '../../domain/contact-type';
import type { GatewayClient } from '../core/client';
import { getInteractionActivities } from './calls';
import type { InteractionActivitiesQuery, InteractionActivity, SendMessageRequest } from './schemas';

/**
 * What the message thread assumes of the message center beyond the spec, in one place
 * (docs/gateway-assumptions.md M1, M3, M4, M5): the tracking fields of its sends, how it asks
 * for the member's GenericMessage activities and which of them it keeps, and which activity
 * fields 'Message History' reads. The calls and schemas are beside it (calls.ts, schemas.ts);
 * the thread's widgets use what this gives and know none of those fields.
 */

// ---- M1: sends ------------------------------------------------------------------------------

/** The tracking field `pageName` of the thread's sends (where the message was written; ours). */
const THREAD_PAGE_NAME = 'SP : Message Thread';

/**
 * The body of a provider's text from the thread (`POST /v1/messages`: "text, sender,
 * receiver, optional tracking fields"): the tracking fields are named `leadId`, `pageName` and
 * `contactPlacementType` (names ours), with the page name above and placement Unknown (44).
 */
export function threadMessage({ text, spId, userId, leadId }: { text: string; spId: number; userId: number; leadId: number | null }): SendMessageRequest {
  return {
    text,
    senderEntityId: spId,
    receiverEntityId: userId,
    ...(leadId !== null ? { leadId } : {}),
    pageName: THREAD_PAGE_NAME,
    contactPlacementType: CONTACT_PLACEMENT_UNKNOWN,
  };
}

// ---- M3, M4: the member's message activities ---------------------------------------------------

/** Interaction activities, this many per call (docs/architecture.md#thread-constants). */
export const MESSAGE_ACTIVITIES_PER_CALL = 4;

/** M3: the activity type of messages; the spec gives the version suffix's form, not its value (`.v1` is ours). */
const GENERIC_MESSAGE_ACTIVITY = 'GenericMessage.v1';

/**
 * M3: the member's GenericMessage activities from `offset` (4 per call, newest first, the
 * requestor's own included), asked of the member's timeline (interactor = the member: ours).
 */
export function messageActivitiesQuery(userId: number, offset = 0): InteractionActivitiesQuery {
  return {
    interactorId: userId,
    interactorType: 'Member',
    activityTypes: [GENERIC_MESSAGE_ACTIVITY],
    limit: MESSAGE_ACTIVITIES_PER_CALL,
    offset,
    sortDirection: 'Newest',
    includeRequestorActivities: true,
  };
}

/**
 * M4: whose conversation a message activity of the member's timeline is. With a `counterpartId`
 * (ours): this provider's when it is this provider. Without one (a gateway that sends none): this
 * provider's only when the provider wrote it (`actorId`, M5); any other may be the member's
 * message to another pro, so it is 'unknown' and never listed. Null: not a message.
 * @internal Exported for tests.
 */
export function messageConversation(activity: InteractionActivity, spId: number): 'this-provider' | 'other' | 'unknown' | null {
  if (activity.activityType !== GENERIC_MESSAGE_ACTIVITY) return null;
  if (activity.counterpartId !== undefined) return activity.counterpartId === spId ? 'this-provider' : 'other';
  return activity.actorId === spId ? 'this-provider' : 'unknown';
}

// ---- M5: what 'Message History' shows of an activity ------------------------------------------

/** One earlier message as 'Message History' shows it. */
interface HistoryEntry {
  readonly id: string;
  /** ISO timestamp (the activity's `createDate`). */
  readonly createDate: string;
  /** Who wrote it: the provider ('own'), the member, or null when the activity does not say. */
  readonly author: 'own' | 'member' | null;
  /** Its words, or null when the activity has none (a photo or file is not kept in the history). */
  readonly text: string | null;
}

/**
 * M5: an activity's author (`actorId`, ours: the provider's id when the provider wrote it) and words (`text`, ours).
 * @internal Exported for tests.
 */
export function historyEntry(activity: InteractionActivity, spId: number): HistoryEntry {
  return {
    id: activity.activityId,
    createDate: activity.createDate,
    author: activity.actorId === undefined ? null : activity.actorId === spId ? 'own' : 'member',
    text: activity.text || null,
  };
}

/** A page of the member's messages with this provider ('Message History'). */
export interface MessageActivityPage {
  readonly messages: readonly HistoryEntry[];
  /** Messages of the member the gateway does not say were with this provider (no `counterpartId`, M4): not listed. */
  readonly unattributed: number;
  /** The gateway gave a full page: there may be older ones (the next offset is `offset + MESSAGE_ACTIVITIES_PER_CALL`). */
  readonly more: boolean;
}

/** The member's messages with this provider from `offset`: the call (M3), kept to this provider (M4), read for the history (M5). */
export async function fetchMessageActivities(
  client: GatewayClient,
  spId: number,
  userId: number,
  offset: number,
  signal?: AbortSignal,
): Promise<MessageActivityPage> {
  const { activities } = await getInteractionActivities(client, messageActivitiesQuery(userId, offset), { signal });
  const of = (activity: InteractionActivity) => messageConversation(activity, spId);
  return {
    messages: activities.filter((activity) => of(activity) === 'this-provider').map((activity) => historyEntry(activity, spId)),
    unattributed: activities.filter((activity) => of(activity) === 'unknown').length,
    more: activities.length >= MESSAGE_ACTIVITIES_PER_CALL,
  };
}
