import { atom } from 'jotai/vanilla';
import { getProviderLeadV2 } from '../../gateway/lead/provider-lead-calls';
import type { LeadPageResponseV2 } from '../../gateway/lead/provider-lead-schemas';
import type { GatewayClient } from '../../gateway/core/client';
import { getInteractionActivities, getLeadPhoneNumbers } from '../../gateway/message-center/calls';
import { chatSessionRequest, earlyChatSessionCalls } from '../../gateway/message-center/chat-session';
import type { ChatSession } from '../../gateway/message-center/chat-session-schema';
import type { ContactInfoEntry } from '../../gateway/message-center/schemas';
import { fetchMessageActivities, messageActivitiesQuery, type MessageActivityPage } from '../../gateway/message-center/thread-adapter';
import { clientAtom, requireClient } from '../../runtime/client-atom';
import { loadableOf } from '../../runtime/loadable';

/**
 * The thread's reads on open (docs/widgets/message-thread.md#opening), in this order: the lead's phone
 * numbers (with a lead), the provider lead (with a lead), the GenericMessage interaction
 * activities; the chat opens beside them (thread-session.ts). Each read takes jotai's signal:
 * changed inputs abort the stale request.
 */

export interface ThreadInputs {
  spId: number | null;
  userId: number | null;
  leadId: number | null;
}

export const threadInputsAtom = atom<ThreadInputs>({ spId: null, userId: null, leadId: null });

/**
 * The thread's first calls with a lead: its phone numbers, the provider lead, the message
 * activities and the chat session (unless the host gives sessions: its `getChatToken` is asked as
 * the chat opens, never early). The CDN loader sends them before the thread's code has arrived
 * (its `firstCalls` in message-thread.server.ts, made into recipes at build time); the atoms below
 * and the session make the same calls with the same builders and take those answers.
 */
export function threadFirstCalls(client: GatewayClient, spId: number, userId: number, leadId: number): Promise<unknown>[] {
  return [
    getLeadPhoneNumbers(client, { serviceProviderId: spId, leadIds: [leadId] }),
    getProviderLeadV2(client, { leadId, spId }),
    getInteractionActivities(client, messageActivitiesQuery(userId)),
    ...earlyChatSessionCalls(client, chatSessionRequest(spId, userId, leadId)),
  ];
}

/** The lead's contact info entry, or null without a lead (or when the gateway has none for it). */
const phoneNumbersAtom = atom(async (get, { signal }): Promise<ContactInfoEntry | null> => {
  const { spId, leadId } = get(threadInputsAtom);
  const client = requireClient(get(clientAtom));
  if (spId === null || leadId === null) return null;
  const { contactInfo } = await getLeadPhoneNumbers(client, { serviceProviderId: spId, leadIds: [leadId] }, { signal });
  return contactInfo.find((entry) => entry.leadId === leadId) ?? null;
});

/** The provider's view of the lead (name, category, postal code, receipt date), or null without a lead. */
const providerLeadAtom = atom(async (get, { signal }): Promise<LeadPageResponseV2 | null> => {
  const { spId, leadId } = get(threadInputsAtom);
  const client = requireClient(get(clientAtom));
  if (spId === null || leadId === null) return null;
  return getProviderLeadV2(client, { leadId, spId }, { signal });
});

/**
 * The first page of the member's messages with this provider: whether an archived thread exists
 * ('Message History'), and the history view's first page (the same call, made once).
 */
const messageActivitiesAtom = atom(async (get, { signal }): Promise<MessageActivityPage> => {
  const { spId, userId } = get(threadInputsAtom);
  const client = requireClient(get(clientAtom));
  if (spId === null || userId === null) return { messages: [], more: false, unattributed: 0 };
  return fetchMessageActivities(client, spId, userId, 0, signal);
});

export const phoneNumbersLoadableAtom = loadableOf(phoneNumbersAtom);
export const providerLeadLoadableAtom = loadableOf(providerLeadAtom);
export const messageActivitiesLoadableAtom = loadableOf(messageActivitiesAtom);

/**
 * The member's name from the chat session (set by the thread body once the chat opened or
 * failed): `undefined` while not known, `null` when the session had none.
 */
export const sessionMemberAtom = atom<ChatSession['member'] | null | undefined>(undefined);

type Name = { firstName?: string | null; lastName?: string | null } | null | undefined;

function fullName(name: Name): string {
  return [name?.firstName, name?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/** The member's name for the heading: the lead's, else the chat session's, else the fallback ('Member'). */
export function memberName(lead: LeadPageResponseV2 | null | undefined, session: Name, fallback: string): string {
  return fullName(lead?.customerInfo) || fullName(lead?.user) || fullName(session) || fallback;
}
