import { Hono } from 'hono';
import * as v from 'valibot';
import { CreateContactRequestSchema } from '../../../../src/gateway/lead/contact-schemas';
import { ChatSessionRequestSchema } from '../../../../src/gateway/message-center/chat-session';
import { oneTimeToken, optionalMember, requireMember } from '../access';
import type { SandboxContext, SandboxEnv } from '../context';
import { badRequest, notFound, parseBody } from '../http';
import type { ProviderSignIn } from '../provider-auth';
import { openChatSession } from './chat';
import { issueOneTimeToken, recordContacts, renewOneTimeToken } from './lead-funnel';

/**
 * Host stand-ins, mounted at `/host-stand-in` (outside `/gateway`): what a host's OWN server
 * answers when the host replaces leadkit's invented calls with its providers
 * (`gateway.getChatToken`, `gateway.getOneTimeToken`, `gateway.recordContact`). The real gateway
 * has no such calls, or none at leadkit's path (the spec says "not shown"), so the spec profile
 * answers the gateway's invented ones 404 (spec-profile.ts); the example pages then get their
 * tokens here and record a message's contact here. Served in both profiles.
 *
 *   POST /host-stand-in/chat-token      {serviceProviderId, userId, leadId?}
 *                                       → {conversationSid, identity, token, expiresAt, member}
 *   POST /host-stand-in/one-time-token  {reason: 'issue'} → {token, expiresAt, expiresIn, userId} (a new guest)
 *                                       {reason: 'renew'} with `Authorization: OneTime <token>` → {token, expiresAt, expiresIn}
 *   POST /host-stand-in/contact         the contact payload (the one of `POST /gateway/lead/v1/contact`, M7)
 *                                       → {contactIds}, stored in `store.contacts` as that call's records are
 *   POST /host-stand-in/provider-token  {reason?: 'initial' | 'refresh'} → {token}: the signed-in provider's
 *                                       bearer token (the auth's `token` function of docs/connect-gateway.md): the
 *                                       token the sandbox requires (`providerSignIn.token`, SANDBOX_PROVIDER_TOKEN);
 *                                       UNCHECKED_PROVIDER_TOKEN when it requires none (nothing checks it then);
 *                                       404 when it checks tokens with a function (it has no token to give)
 *
 * Like every sandbox route, they answer the sandbox's own pages and the origins the developer
 * named only (local-access.ts): a page of another origin gets 403 — above all, never the
 * provider's token.
 *
 * A real host's server knows who is signed in from its own session. The sandbox has no sessions:
 * the chat token is issued for the provider the body names (as the example pages sign in as the
 * provider their address names), with the chat session call's rules otherwise.
 */

const OneTimeTokenRequestSchema = v.object({ reason: v.optional(v.picklist(['issue', 'renew']), 'issue') });
const ProviderTokenRequestSchema = v.object({ reason: v.optional(v.picklist(['initial', 'refresh']), 'initial') });

/**
 * The provider token the stand-in gives when the sandbox requires none (sent, never checked).
 * @internal Exported for tests.
 */
export const UNCHECKED_PROVIDER_TOKEN = 'sandbox-unchecked-provider-token';

export function hostStandInRoutes({ store, chat, now }: SandboxContext, providerSignIn?: ProviderSignIn) {
  const app = new Hono<SandboxEnv>();

  // A host's server gives its signed-in provider's token (its session knows it); the sandbox has
  // no sessions: it gives the one token it requires, the same on a refresh.
  app.post('/provider-token', (c) => {
    parseBody(c, ProviderTokenRequestSchema);
    const token = providerSignIn?.token;
    if (typeof token === 'function') throw notFound('This sandbox accepts provider tokens by a function of its own: it has no token to give.');
    return c.json({ token: token ?? UNCHECKED_PROVIDER_TOKEN });
  });

  app.post('/chat-token', (c) => {
    const body = parseBody(c, ChatSessionRequestSchema);
    if (!store.provider(body.serviceProviderId)) throw notFound('Service provider not found.');
    return c.json(openChatSession({ store, chat }, body));
  });

  app.post('/one-time-token', (c) => {
    const { reason } = parseBody(c, OneTimeTokenRequestSchema);
    if (reason === 'issue') {
      if (c.req.header('authorization')) throw badRequest('Invalid request: a new token is issued without an Authorization header.', ['Authorization']);
      return c.json(issueOneTimeToken(store, now));
    }
    requireMember(c, store);
    const token = String(oneTimeToken(c));
    return c.json({ token, ...renewOneTimeToken(store, now, token) });
  });

  // What a host's server does with the payload is its own (the real gateway's contact call, at its
  // real path); the stand-in stores the records as the sandbox's contact call does.
  app.post('/contact', (c) => {
    const member = optionalMember(c, store);
    return c.json(recordContacts(store, now, parseBody(c, CreateContactRequestSchema), member?.id ?? null));
  });

  return app;
}
