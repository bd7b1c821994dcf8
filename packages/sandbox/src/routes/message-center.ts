import { Hono } from 'hono';
import { HEADERS } from '../../../../src/gateway/core/headers';
import {
  InteractionActivitiesQuerySchema,
  LeadPhoneNumbersQuerySchema,
  SendMessageRequestSchema,
  ThreadReadRequestSchema,
} from '../../../../src/gateway/message-center/schemas';
import { callerType, requireMember, requireProvider } from '../access';
import type { SandboxContext, SandboxEnv } from '../context';
import { badRequest, forbidden, notFound, parseBody, parseQuery } from '../http';
import { contactInfoEntry } from '../views';

/** Message center calls (src/gateway/message-center/calls.ts), mounted at `/gateway/message-center`. */
export function messageCenterRoutes({ store, now, chat }: SandboxContext) {
  const app = new Hono<SandboxEnv>();

  // POST /v1/messages {text, senderEntityId, receiverEntityId, …} → {messageId}
  app.post('/v1/messages', (c) => {
    const body = parseBody(c, SendMessageRequestSchema);
    // One side is a provider, the other a member; the caller must be the sender.
    const senderProvider = store.provider(body.senderEntityId);
    const spId = senderProvider ? body.senderEntityId : body.receiverEntityId;
    const memberId = senderProvider ? body.receiverEntityId : body.senderEntityId;
    if (!store.provider(spId) || !store.member(memberId)) {
      throw badRequest('Invalid request: senderEntityId and receiverEntityId must be a service provider and a member.', ['senderEntityId', 'receiverEntityId']);
    }
    if (senderProvider) {
      requireProvider(c, store, spId);
    } else {
      if (callerType(c) !== 'Member') throw forbidden('Only the member may send as the member.');
      if (requireMember(c, store).id !== memberId) throw forbidden('A member may only send as themselves.');
    }
    if (body.leadId !== undefined) {
      const lead = store.lead(body.leadId);
      const related = lead && lead.memberId === memberId && (lead.assignments.some((a) => a.spId === spId) || lead.haProviderIds.includes(spId));
      if (!related) throw badRequest('Invalid request: leadId must be a lead between this provider and member.', ['leadId']);
    }
    // Stored in the pair's conversation (thread unread flag, a GenericMessage activity per side
    // for 'Message History'), pushed to the chat's live streams, answered by the simulated
    // customer when it is on: see SandboxChat.post (packages/sandbox/src/chat.ts).
    const { stored } = chat.post({
      spId,
      memberId,
      leadId: body.leadId ?? null,
      fromProvider: Boolean(senderProvider),
      text: body.text,
      pageName: body.pageName,
      contactPlacementType: body.contactPlacementType,
    });
    return c.json({ messageId: stored.messageId });
  });

  // GET /v2/lead/phone_number?serviceProviderId&leadIds — leads the provider does not hold are left out.
  app.get('/v2/lead/phone_number', (c) => {
    const query = parseQuery(c, { serviceProviderId: 'int', leadIds: 'int[]' }, LeadPhoneNumbersQuerySchema);
    requireProvider(c, store, query.serviceProviderId);
    const at = now();
    const contactInfo = query.leadIds.flatMap((leadId) => {
      const lead = store.lead(leadId);
      const assignment = lead && store.assignment(lead, query.serviceProviderId);
      return lead && assignment ? [contactInfoEntry(lead, assignment, at)] : [];
    });
    return c.json({ contactInfo });
  });

  // GET /v2/interactions/activities?interactorId&interactorType&activityTypes&limit&offset&sortDirection&includeRequestorActivities
  app.get('/v2/interactions/activities', (c) => {
    const query = parseQuery(
      c,
      {
        interactorId: 'int',
        interactorType: 'string',
        activityTypes: 'string[]',
        limit: 'int',
        offset: 'int',
        sortDirection: 'string',
        includeRequestorActivities: 'bool',
      },
      InteractionActivitiesQuerySchema,
    );
    const requestorId = Number(c.req.header(HEADERS.callerId));
    const activities = store.activities
      .filter((a) => a.interactorId === query.interactorId && a.interactorType === query.interactorType && query.activityTypes.includes(a.activityType))
      .filter((a) => query.includeRequestorActivities || a.actorId !== requestorId)
      .sort((a, b) => (query.sortDirection === 'Newest' ? b.createDate.localeCompare(a.createDate) : a.createDate.localeCompare(b.createDate)));
    return c.json({
      activities: activities.slice(query.offset, query.offset + query.limit).map(({ activityId, activityType, createDate, counterpartId, actorId, text }) => ({
        activityId,
        activityType,
        createDate,
        counterpartId,
        actorId,
        ...(text ? { text } : {}),
      })),
    });
  });

  // PUT /v1/messages/thread/read {serviceProviderId, userId, read}
  app.put('/v1/messages/thread/read', (c) => {
    const body = parseBody(c, ThreadReadRequestSchema);
    requireProvider(c, store, body.serviceProviderId);
    if (!store.member(body.userId)) throw notFound('Member not found.');
    store.threadFor(body.serviceProviderId, body.userId).unreadForProvider = !body.read;
    return c.json({ serviceProviderId: body.serviceProviderId, userId: body.userId, read: body.read });
  });

  return app;
}
