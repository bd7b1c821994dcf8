import * as v from 'valibot';
import type { GatewayClient } from '../core/client';
import { checkRequest, type CallOptions } from '../core/request-spec';
import { IdList } from '../core/shared-schemas';
import * as s from './contact-schemas';
import { LEAD_BASE as BASE } from '../core/lead-path';

/**
 * The lead gateway's contact calls (base `/gateway/lead`), in `leadGateway` for hosts. The
 * thread imports its one from here, so its first load carries none of the other lead calls.
 */

/** GET /v1/contact/getByIds?contactIds — one-time auth. */
export async function getContactsByIds(client: GatewayClient, contactIds: number[], opts: CallOptions = {}) {
  return client.request({
    operation: 'lead.getContactsByIds',
    method: 'GET',
    path: `${BASE}/v1/contact/getByIds`,
    query: { contactIds: checkRequest('lead.getContactsByIds', v.pipe(IdList, v.minLength(1)), contactIds) },
    response: s.ContactsResponseSchema,
    oneTime: 'required',
    signal: opts.signal,
  });
}

/**
 * Contact creation after a message send. Its path is "not shown": ours is
 * POST /gateway/lead/v1/contact, beside GET /v1/contact/getByIds. Callers swallow its errors.
 */
export async function createContact(client: GatewayClient, body: s.CreateContactRequest, opts: CallOptions = {}) {
  return client.request({
    operation: 'lead.createContact',
    invented: true,
    method: 'POST',
    path: `${BASE}/v1/contact`,
    body: checkRequest('lead.createContact', s.CreateContactRequestSchema, body),
    response: s.CreateContactResponseSchema,
    oneTime: 'optional',
    signal: opts.signal,
  });
}
