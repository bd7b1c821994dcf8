import { CONTACT_PLACEMENT_UNKNOWN } from '../../domain/contact-type';
import * as v from 'valibot';
import type { GatewayClient } from '../core/client';
import { checkRequest } from '../core/request-spec';
import { askHost } from '../host-provider';
import { unlessNotOffered } from '../not-offered';
import { createContact } from './contact-calls';
import type { RecordContact } from './contact-recorder';
import { CreateContactRequestSchema, type CreateContactRequest } from './contact-schemas';

/**
 * The contact record after a message send (the spec: "After a send, a contact-creation call is
 * made and its errors are swallowed; payload: postalCode, payloads with contactPlacementType and
 * serviceProviderIds, campaignId (from a cookie), sessionStartTimestamp, categoryId,
 * contactType, entityId, entityType 'message'. Contact-creation path: not shown.").
 *
 * Everything leadkit decides about it is here (docs/gateway-assumptions.md M7, K1): the
 * MessageSent code, the cookie's name, what "session start" and the entity id are. The call's
 * path and schema are beside it (`createContact` in contact-calls.ts, contact-schemas.ts). The
 * thread only says what was sent (`recordMessageContact`).
 *
 * The path being ours, a host replaces the call with the gateway config's `recordContact`: a
 * function of its own that gets the payload (and may send it to the real path, or change the
 * contact type), or `false` for no contact record at all.
 */

/**
 * K1: the contact type of a sent message. The spec names MessageSent among the contact types without
 * its value; 10 is ours (the next code after the spec's 1–9). Change it here only, once the
 * gateway's value is known.
 */
export const MESSAGE_SENT_CONTACT_TYPE = 10;

/** The host page's cookie with the campaign id (the spec's "campaignId (from a cookie)"; the name is ours). */
const CAMPAIGN_COOKIE = 'campaignId';

/**
 * A cookie's value in a `document.cookie` string (URI-decoded when it can be), or null.
 * @internal Exported for tests.
 */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw) || null;
    } catch {
      return raw || null;
    }
  }
  return null;
}

/** The campaign id from the host page's cookie, or null. */
export function campaignIdFromCookie(): string | null {
  return typeof document === 'undefined' ? null : readCookie(document.cookie, CAMPAIGN_COOKIE);
}

/** When this page's provider session started, as far as leadkit can tell: the first thread opened on the page. */
let sessionStart: number | null = null;

/**
 * `sessionStartTimestamp` (the spec names it, not what it measures): the time (ms since epoch) of the
 * first call on this page — a thread calls it when it opens, with its clock's now.
 */
export function pageSessionStart(now: number): number {
  sessionStart ??= now;
  return sessionStart;
}

/** What was sent: a text has the message center's id; a photo sent alone has none, only its chat message. */
export type SentMessage = { readonly messageId: string } | { readonly conversationSid: string; readonly index: number };

/**
 * The contact's `entityId`: the message center's `messageId`, or for a photo `<conversationSid>:<index>` (ours).
 * @internal Exported for tests.
 */
export function messageEntityId(sent: SentMessage): string {
  return 'messageId' in sent ? sent.messageId : `${sent.conversationSid}:${sent.index}`;
}

/** Who sent it and where: the provider, the lead's postal code and category, the page's campaign and session. */
export interface MessageContactContext {
  readonly spId: number;
  readonly postalCode: string;
  readonly categoryId: number;
  readonly campaignId: string | null;
  readonly sessionStartTimestamp: number;
}

const HOST_OPERATION = 'lead.recordContact';

/** The payload to the host's `recordContact`, within the client's time limit (its answer is not read). */
async function hostContact(client: GatewayClient, recordContact: RecordContact, payload: CreateContactRequest): Promise<void> {
  const checked = checkRequest(HOST_OPERATION, CreateContactRequestSchema, payload);
  await askHost(client, HOST_OPERATION, v.unknown(), (signal) => recordContact(checked, { signal }));
}

/** The contact record: the host's `recordContact` when given, none with `false`, else leadkit's call. */
function recordContact(client: GatewayClient, payload: CreateContactRequest): Promise<unknown> {
  const host = client.recordContact;
  if (host === false) return Promise.resolve();
  // A gateway without the call (404) is not asked again for a day (not-offered.ts): nothing recorded.
  return host ? hostContact(client, host, payload) : unlessNotOffered(client, 'M7', 'lead.createContact', () => createContact(client, payload));
}

/**
 * The contact record for a sent message, made and forgotten: its errors are swallowed (as the spec says), a
 * host's `recordContact`'s too.
 */
export function recordMessageContact(client: GatewayClient, context: MessageContactContext, sent: SentMessage): void {
  void recordContact(client, {
    postalCode: context.postalCode,
    payloads: [{ contactPlacementType: CONTACT_PLACEMENT_UNKNOWN, serviceProviderIds: [context.spId] }],
    campaignId: context.campaignId,
    sessionStartTimestamp: context.sessionStartTimestamp,
    categoryId: context.categoryId,
    contactType: MESSAGE_SENT_CONTACT_TYPE,
    entityId: messageEntityId(sent),
    entityType: 'message',
  }).catch(() => undefined);
}
