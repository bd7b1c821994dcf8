import type { Context } from 'hono';
import { HEADERS } from '../../../src/gateway/core/headers';
import type { SandboxEnv } from './context';
import { badRequest, forbidden, notFound, unauthorized } from './http';
import type { SandboxStore } from './store';
import type { Member, Provider, StoredLead } from './types';

/**
 * Who is calling: customers by one-time token (`Authorization: OneTime <token>`),
 * providers by caller type ServiceProvider with their id as caller id. The sandbox has no
 * cookies, so the caller id header is the provider's identity.
 */

const CALLER_TYPES = ['ServiceProvider', 'Member'] as const;
export type SandboxCallerType = (typeof CALLER_TYPES)[number];

export function callerType(c: Context<SandboxEnv>): SandboxCallerType {
  const value = c.req.header(HEADERS.callerType);
  if (!value) throw badRequest(`The ${HEADERS.callerType} header is required.`, [HEADERS.callerType]);
  if (!(CALLER_TYPES as readonly string[]).includes(value)) {
    throw badRequest(`The ${HEADERS.callerType} header must be ServiceProvider or Member.`, [HEADERS.callerType]);
  }
  return value as SandboxCallerType;
}

/** The token of `Authorization: OneTime <token>`; null without the header. */
export function oneTimeToken(c: Context<SandboxEnv>): string | null | 'malformed' {
  const header = c.req.header(HEADERS.authorization);
  if (!header) return null;
  const match = /^OneTime\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? 'malformed';
}

/** The member of a valid token; 401 without one. */
export function requireMember(c: Context<SandboxEnv>, store: SandboxStore): Member {
  const member = optionalMember(c, store);
  if (!member) throw unauthorized();
  return member;
}

/** The member of a token when one is sent; a bad token is still a 401. */
export function optionalMember(c: Context<SandboxEnv>, store: SandboxStore): Member | null {
  const token = oneTimeToken(c);
  if (token === null) return null;
  const memberId = token === 'malformed' ? undefined : store.memberIdForToken(token);
  const member = memberId === undefined ? undefined : store.member(memberId);
  if (!member) throw unauthorized('The one-time token is not valid or has expired.');
  return member;
}

/**
 * A provider call: caller type ServiceProvider and caller id = the provider acted for (403
 * otherwise), and the provider must exist (404).
 */
export function requireProvider(c: Context<SandboxEnv>, store: SandboxStore, spId: number): Provider {
  const type = callerType(c);
  const callerId = c.req.header(HEADERS.callerId);
  if (type !== 'ServiceProvider' || callerId !== String(spId)) {
    throw forbidden('The caller may not act for this service provider.');
  }
  const provider = store.provider(spId);
  if (!provider) throw notFound('Service provider not found.');
  return provider;
}

/** A lead owned by the member (customer-side calls on a lead). */
export function requireOwnLead(store: SandboxStore, leadId: number, member: Member | null): StoredLead {
  const lead = store.lead(leadId);
  if (!lead) throw notFound('Lead not found.');
  if (member && lead.memberId !== member.id) throw forbidden('This lead belongs to another member.');
  return lead;
}
