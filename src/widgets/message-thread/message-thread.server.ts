import { parseJson, withoutCustomerContact } from '../../gateway/customer-contact';
import { isProviderLeadV2Path } from '../../gateway/core/lead-path';
import { INTERACTION_ACTIVITIES_PATH, isPath, LEAD_PHONE_NUMBERS_PATH } from '../../gateway/message-center/paths';
import { firstScreenValue, type ServerAnswer } from '../../gateway/server-answers';
import type { GatewayClient } from '../../gateway/core/client';
import { chatSession, chatSessionRequest } from '../../gateway/message-center/chat-session';
import type { ChatReader } from '../../chat/chat-reader';
import type { WidgetServer } from '../../runtime/widget-server';
import { threadFirstCalls } from './thread-atoms';
import { firstPageJson, threadFirstPageName, type ThreadFirstPage } from './session/thread-first-page';
import { THREAD_PAGE_SIZE } from './session/thread-opening';
import { furthest, unreadAfterOf } from './session/thread-snapshot';

/**
 * The thread's first screen made on a server: its header (the breadcrumb, 'Your messages with
 * {member name}', 'Contact', 'View All Leads'), the newest messages and the composer. The
 * messages come from the chat: with the host's `getChatToken` and a chat reader the server reads
 * the newest page (`threadFirstPageValue`, below) — the session's token never goes in the page —
 * else the list shows loading and the chat opens in the browser.
 *
 * Not asked on the server at all — the first screen shows neither, and each is the customer's
 * own data: the lead's phone numbers (behind 'Contact') and the member's message activities
 * (the 'Message History' link, whose line is always there: it appears once the browser has them).
 */
function threadWithholds(path: string): boolean {
  return isPath(path, LEAD_PHONE_NUMBERS_PATH) || isPath(path, INTERACTION_ACTIVITIES_PATH);
}

/** The provider lead as the page may carry it: the member's name, without the customer's contact details. */
function threadServerAnswer(answer: ServerAnswer): ServerAnswer | null {
  if (!isProviderLeadV2Path(answer.path) || answer.status < 200 || answer.status >= 300) return answer;
  const lead = parseJson(answer.text);
  return lead === undefined ? null : { ...answer, text: JSON.stringify(withoutCustomerContact(lead)) };
}

/** What a server render reads the thread's first page with (leadkit/server's `chatReader`, or the sandbox's for `chat-service="sandbox"`). */
interface ThreadFirstPageRead {
  /** The gateway client of the render, with the host's config: its `getChatToken` gives the session. */
  client: GatewayClient;
  /** The reader; null: the messages are left to the browser. */
  reader: ChatReader | null;
  spId: number;
  userId: number;
  leadId: number | null;
}

/**
 * The thread's first page as a first-screen value (thread-first-page.ts), read on the server with
 * the host's chat session: only when the host gives `getChatToken` (leadkit's own session call
 * is never made from a server: it may create the pair's conversation, and its token would serve
 * nobody) and a reader; the session's token is used here and dropped. Null — the browser opens the
 * chat and shows the messages as without a server — when either is missing or the read fails.
 */
async function threadFirstPageValue({ client, reader, spId, userId, leadId }: ThreadFirstPageRead): Promise<ServerAnswer | null> {
  if (!client.getChatToken || !reader) return null;
  try {
    const thread = chatSessionRequest(spId, userId, leadId);
    const session = await chatSession(client, thread, 'open');
    const page = await reader({
      session,
      renewSession: (signal) => chatSession(client, thread, 'renew', { signal }),
      gateway: client,
      provider: spId,
      pageSize: THREAD_PAGE_SIZE,
    });
    const horizons = new Map(
      page.readHorizons.filter((horizon) => horizon.identity !== session.identity).map((horizon) => [horizon.identity, horizon.lastReadMessageIndex] as const),
    );
    const first: ThreadFirstPage = {
      identity: session.identity,
      messages: page.messages,
      hasOlder: page.hasOlder && (page.messages[0]?.index ?? 0) > 0,
      readHorizon: furthest(horizons),
      unreadAfter: unreadAfterOf(page.messages, session.identity, page.lastReadMessageIndex),
    };
    return firstScreenValue(threadFirstPageName({ spId, userId, leadId }), firstPageJson(first));
  } catch {
    return null;
  }
}

/** `<message-thread>` off the browser (runtime/widget-server.ts): its first calls, what its server render leaves out, its newest messages. */
export const messageThreadServer: WidgetServer = {
  // A thread without a lead opens with other calls, and the archived one ('Message History')
  // opens no chat: nothing early for them.
  firstCalls: {
    ids: ['sp-id', 'user-id', 'lead-id'],
    unless: ['archived'],
    send: (client, [spId, userId, leadId]) => threadFirstCalls(client, spId as number, userId as number, leadId as number),
  },
  answer: threadServerAnswer,
  withholds: threadWithholds,
  // With the ids of its first calls (a thread with a lead, or `<lead-app>`'s thread route); the
  // sandbox's reader for `chat-service="sandbox"` when the host gives none.
  value: async ({ client, attributes, ids, chatReader }) => {
    if (!ids) return null;
    const [spId, userId, leadId] = ids as [number, number, number];
    const reader = chatReader ?? (attributes['chat-service'] === 'sandbox' ? (await import('../../chat/sandbox-chat-client')).createSandboxChatReader() : null);
    return threadFirstPageValue({ client, reader, spId, userId, leadId });
  },
};
