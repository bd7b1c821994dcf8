import * as v from 'valibot';
import type { GatewayClient } from '../../core/client';
import type { CallOptions, CreateCallOptions } from '../../core/request-spec';
import { newIdempotencyKey } from '../../core/request-spec';
import { Id, IsoDateTime } from '../../core/shared-schemas';
import { LEAD_BASE as BASE } from '../../core/lead-path';

/**
 * The one-time token's own calls (docs/gateway-assumptions.md L1, L2): the adapter that holds
 * leadkit's assumption of how a widget gets a guest's token from the gateway. The spec names the
 * operations without detail ("create member", "expire one-time token", …): the paths and shapes
 * are ours (packages/sandbox/README.md#the-funnel-and-the-one-time-token), so nothing else
 * knows them. A host that gets the token itself (`getOneTimeToken` in the gateway config, or a
 * token in `auth`) replaces all three: then none is called. The token travels only in the
 * Authorization header, never in a path, query or body.
 */

const Seconds = v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0)));

/** A token the gateway issued: sent back only as `Authorization: OneTime <token>`. */
export const OneTimeTokenSchema = v.object({
  token: v.pipe(v.string(), v.minLength(16), v.regex(/^\S+$/)),
  /** When it stops working unless renewed; null: it does not expire by time. */
  expiresAt: v.nullable(IsoDateTime),
  /**
   * Seconds it works from now (null: no time limit). Clients time renewals by this, not by
   * `expiresAt`: a browser's clock may be off.
   */
  expiresIn: Seconds,
  /** The member the token acts for (a fresh guest member for an issued token). */
  userId: Id,
});
export type OneTimeToken = v.InferOutput<typeof OneTimeTokenSchema>;
export const OneTimeTokenRenewalSchema = v.object({ expiresAt: v.nullable(IsoDateTime), expiresIn: Seconds });
export const OneTimeTokenExpiredSchema = v.object({ expired: v.literal(true) });

/**
 * POST /v1/one-time-token — a fresh guest member and its token, for a customer the host did
 * not sign in. Sent without a token; one Idempotency-Key per user action (it creates a member).
 * `read`: asked ahead of the customer's first call (see below).
 */
export async function issueOneTimeToken(client: GatewayClient, opts: CreateCallOptions<OneTimeToken> & { read?: boolean } = {}) {
  return client.request({
    operation: 'lead.issueOneTimeToken',
    invented: true,
    // Asked ahead (the funnel's first step, not the customer's Send): cancelled with the element's
    // reads when it leaves the page; its key is kept, so asking again makes no second guest.
    ...(opts.read ? { read: true } : {}),
    method: 'POST',
    path: `${BASE}/v1/one-time-token`,
    body: {},
    response: OneTimeTokenSchema,
    oneTime: 'none',
    idempotencyKey: opts.idempotencyKey ?? newIdempotencyKey(),
    signal: opts.signal,
  });
}

/** POST /v1/one-time-token/renew — the token in use lives longer (same token, new expiresAt). */
export async function renewOneTimeToken(client: GatewayClient, opts: CallOptions = {}) {
  return client.request({
    operation: 'lead.renewOneTimeToken',
    invented: true,
    method: 'POST',
    path: `${BASE}/v1/one-time-token/renew`,
    body: {},
    response: OneTimeTokenRenewalSchema,
    oneTime: 'required',
    signal: opts.signal,
  });
}

/** POST /v1/one-time-token/expire — the token in use stops working at once. */
export async function expireOneTimeToken(client: GatewayClient, opts: CallOptions = {}) {
  return client.request({
    operation: 'lead.expireOneTimeToken',
    invented: true,
    method: 'POST',
    path: `${BASE}/v1/one-time-token/expire`,
    body: {},
    response: OneTimeTokenExpiredSchema,
    oneTime: 'required',
    signal: opts.signal,
  });
}
