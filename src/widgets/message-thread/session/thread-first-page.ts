import * as v from 'valibot';
import type { ChatMessage } from '../../../chat/chat-client';

/**
 * The thread's first page as a server render puts it in the page (docs/server-rendering.md): the newest messages
 * the server read with the host's chat session, as the first screen shows them — their index,
 * author, text, time and media names, nothing else (no message attributes, no media URL, never
 * the session's token) — the identity this side writes as (to tell own messages), the customer's
 * read horizon and where 'New messages' goes. The thread shows it from the first render (on the
 * server and as it hydrates) and opens its chat as always; the chat's own page then takes its place.
 */
export interface ThreadFirstPage {
  readonly identity: string;
  readonly messages: readonly ChatMessage[];
  readonly hasOlder: boolean;
  readonly readHorizon: number | null;
  readonly unreadAfter: number | null;
}

/** The first-screen value's name for one thread (runtime/first-screen-values.ts): a page is only ever shown for its own thread. */
export function threadFirstPageName(thread: { spId: number; userId: number; leadId: number | null }): string {
  return `message-thread/first-page?serviceProviderId=${thread.spId}&userId=${thread.userId}&leadId=${thread.leadId ?? ''}`;
}

const Index = v.pipe(v.number(), v.integer(), v.minValue(0));
const NullableIndex = v.nullable(Index);
const FirstPageSchema = v.object({
  identity: v.pipe(v.string(), v.minLength(1)),
  messages: v.array(
    v.object({
      index: Index,
      sid: v.string(),
      author: v.nullable(v.string()),
      body: v.nullable(v.string()),
      dateCreated: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
      media: v.array(v.object({ sid: v.string(), contentType: v.string(), filename: v.nullable(v.string()), size: v.pipe(v.number(), v.minValue(0)) })),
    }),
  ),
  hasOlder: v.boolean(),
  readHorizon: NullableIndex,
  unreadAfter: NullableIndex,
});

/** A URL only the chat gives: shown once the chat's own copy of the message replaces this one. */
const notYet = () => new Promise<string | null>(() => {});

/** The page as it goes in the HTML (JSON). */
export function firstPageJson(page: ThreadFirstPage): v.InferInput<typeof FirstPageSchema> {
  return {
    identity: page.identity,
    messages: page.messages.map((message) => ({
      index: message.index,
      sid: message.sid,
      author: message.author,
      body: message.body,
      dateCreated: message.dateCreated?.toISOString() ?? null,
      media: message.media.map(({ sid, contentType, filename, size }) => ({ sid, contentType, filename, size })),
    })),
    hasOlder: page.hasOlder,
    readHorizon: page.readHorizon,
    unreadAfter: page.unreadAfter,
  };
}

/** The page read back from the HTML; null when it is not one. */
export function parseFirstPage(value: unknown): ThreadFirstPage | null {
  const parsed = v.safeParse(FirstPageSchema, value);
  if (!parsed.success) return null;
  return {
    ...parsed.output,
    messages: parsed.output.messages.map((message) => ({
      ...message,
      dateCreated: message.dateCreated === null ? null : new Date(message.dateCreated),
      attributes: {},
      media: message.media.map((media) => ({ ...media, getUrl: notYet })),
    })),
  };
}
