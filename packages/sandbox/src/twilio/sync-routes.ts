import type { FaultOutcome, UpstreamAnswer, UpstreamRequest } from './upstream-types';
import type { JsonObject, SyncData, SyncKind, SyncObjectRef } from './sync-data';
import type { SyncModel } from './sync-model';

/**
 * Twilio Sync's calls, as twilio-sync 4.0.1 makes them over twilsock (client.js `_get`,
 * synclist.js / syncmap.js `_queryItemsFromServer`, subscriptions.js `request`), to
 * https://cds.<region>.twilio.com. Read-only: the Conversations SDK never writes to Sync (it
 * writes through the Conversations REST calls, upstream.ts, and the change comes back as an event).
 *
 *   GET  /v3/Maps|Lists|Documents/<id>[?Include=items]    the descriptor (sid, revision, last_event_id, links; a document's data)
 *   GET  /v3/Maps|Lists/<id>/Items?Key|Index&From&PageSize&Order&HideExpired   a page of items (meta.previous_token / next_token)
 *   POST /v4/Subscriptions  {action: establish|cancel, correlation_id, requests: [{object_sid, object_type, last_event_id}]}
 *        → {estimated_delivery_in_ms, max_batch_size, ttl_in_s}; then, as `twilio.sync.event` notifications, the
 *        events after each `last_event_id` (the replay) and `subscription_established` {object_sid,
 *        replay_status: 'completed', last_event_id} (or `subscription_failed` {object_sid, error} /
 *        `subscription_canceled`), with the request's correlation_id.
 *
 * Sync's own error codes: 54007 access forbidden, 54100 not found.
 */

export interface SyncSubscriber {
  readonly identity: string;
  subscribe(objectSid: string): void;
  unsubscribe(objectSid: string): void;
  /** Sends a `twilio.sync.event` notification. */
  syncEvent(payload: JsonObject): void;
}

const KINDS: Record<string, SyncKind> = { Maps: 'map', Lists: 'list', Documents: 'document' };
const CHAT_ROUTE = '/gateway/message-center/v1/chat/conversations';
/** How long the SDK waits for `subscription_established` before it asks again. */
const ESTIMATED_DELIVERY_MS = 5000;

const error = (status: number, message: string, code: number): UpstreamAnswer => ({ status, body: { status, code, message } });

function param(request: UpstreamRequest, name: string): string | undefined {
  const raw = request.params[name];
  if (typeof raw !== 'string') return undefined;
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

export async function answerSync(
  data: SyncData,
  model: SyncModel,
  caller: SyncSubscriber,
  request: UpstreamRequest,
  fault: (method: string, path: string) => Promise<FaultOutcome>,
): Promise<UpstreamAnswer> {
  if (request.method === 'POST' && request.path === '/v4/Subscriptions') return subscriptions(data, model, caller, request.body);
  const match = /^\/v3\/(Maps|Lists|Documents)\/([^/]+)(\/Items)?$/.exec(request.path);
  if (!match) return error(404, `The stand-in has no Sync call ${request.method} ${request.path}.`, 54100);
  if (request.method !== 'GET') return error(403, 'The stand-in serves Sync read-only (the Conversations SDK writes through its REST calls).', 54007);
  const ref = data.resolve(decodeURIComponent(match[2]!));
  if (!ref || ref.kind !== KINDS[match[1]!]) return error(404, 'Sync object not found.', 54100);
  if (!data.mayRead(ref, caller.identity)) return error(403, 'Access forbidden for identity.', 54007);
  // The sandbox chat's routes of the same meaning: opening a conversation, a page of its messages.
  if ('conversation' in ref && (ref.kind === 'document' || (ref.kind === 'list' && match[3]))) {
    const faulted = await fault('GET', `${CHAT_ROUTE}/${ref.conversation.sid}${ref.kind === 'list' ? '/messages' : ''}`);
    if (faulted?.kind === 'answer') return faulted.answer;
  }
  if (!match[3]) return { status: 200, body: model.descriptor(ref, param(request, 'Include') === 'items') };
  if (ref.kind === 'document') return error(404, 'A document has no items.', 54100);
  const order = param(request, 'Order') === 'desc' ? 'desc' : 'asc';
  const pageSize = Number(param(request, 'PageSize') ?? 50);
  const key = ref.kind === 'list' ? param(request, 'Index') : param(request, 'Key');
  const page = model.queryItems(ref as SyncObjectRef & { kind: 'map' | 'list' }, {
    key,
    from: param(request, 'From'),
    pageSize: Number.isFinite(pageSize) ? pageSize : 50,
    order,
  });
  return { status: 200, body: page };
}

interface SubscriptionRequest {
  object_sid?: unknown;
  last_event_id?: unknown;
}

function subscriptions(data: SyncData, model: SyncModel, caller: SyncSubscriber, text: string): UpstreamAnswer {
  let body: { action?: unknown; correlation_id?: unknown; requests?: SubscriptionRequest[] };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return error(400, 'The subscription request must be JSON.', 54000);
  }
  const action = body.action;
  if ((action !== 'establish' && action !== 'cancel') || !Array.isArray(body.requests)) return error(400, 'Invalid subscription request.', 54000);
  const correlationId = body.correlation_id;
  const requests = body.requests;
  const after = () => {
    for (const request of requests) {
      const sid = String(request.object_sid);
      if (action === 'cancel') {
        caller.unsubscribe(sid);
        caller.syncEvent({ event_type: 'subscription_canceled', correlation_id: correlationId, event: { object_sid: sid } });
        continue;
      }
      const ref = data.resolve(sid);
      if (!ref || !data.mayRead(ref, caller.identity)) {
        const status = ref ? 403 : 404;
        const failure = { status, code: ref ? 54007 : 54100, message: ref ? 'Access forbidden for identity.' : 'Sync object not found.' };
        caller.syncEvent({ event_type: 'subscription_failed', correlation_id: correlationId, event: { object_sid: sid, error: failure } });
        continue;
      }
      // What it missed first, then the subscription: nothing can come between (one turn of the loop).
      const lastEventId = typeof request.last_event_id === 'number' ? request.last_event_id : null;
      if (lastEventId !== null) for (const missed of model.replay(ref, lastEventId)) caller.syncEvent({ event_type: missed.eventType, event: missed.event });
      caller.subscribe(sid);
      caller.syncEvent({
        event_type: 'subscription_established',
        correlation_id: correlationId,
        event: { object_sid: sid, object_type: ref.kind, replay_status: 'completed', last_event_id: model.lastEventId(ref) },
      });
    }
  };
  return { status: 200, body: { estimated_delivery_in_ms: ESTIMATED_DELIVERY_MS, max_batch_size: 100, ttl_in_s: -1 }, after };
}
