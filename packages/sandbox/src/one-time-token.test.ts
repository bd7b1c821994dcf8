import { describe, expect, it } from 'vitest';
import { createLeadV3, fetchLead, getProjects } from '../../../src/gateway/lead/funnel/calls';
import { expireOneTimeToken, issueOneTimeToken, renewOneTimeToken } from '../../../src/gateway/lead/funnel/one-time-token-calls';
import { SANDBOX_LEADS as L, SANDBOX_MEMBER_TOKEN } from './index';
import { ONE_TIME_TOKEN_MAX_LIFETIME_MS, ONE_TIME_TOKEN_TTL_MS } from './routes/lead-funnel';
import { failure, NOW, providerHeaders, setup } from './test-helpers';

/** The sandbox's one-time token operations (ours; the spec names them without detail). */

const MINUTE = 60_000;

function clocked() {
  let at = NOW.getTime();
  const clients = setup({ now: () => new Date(at) });
  return { ...clients, advance: (ms: number) => (at += ms), at: () => at };
}

const address = { lineOne: '9 Pearl St', city: 'Denver', state: 'CO', postalCode: '80203' };
const contact = { email: 'sam.lee@example.com', firstName: 'Sam', lastName: 'Lee', phoneNumber: '3035550111' };

describe('one-time tokens in the sandbox', () => {
  it('issues a token for a fresh guest member that expires 30 minutes later', async () => {
    const { anonymous, memberWith, sandbox, advance } = clocked();
    const issued = await issueOneTimeToken(anonymous);
    expect(issued.expiresAt).toBe(new Date(NOW.getTime() + ONE_TIME_TOKEN_TTL_MS).toISOString());
    expect(issued.expiresIn).toBe(30 * 60);
    const guest = memberWith(issued.token);
    expect(await getProjects(guest)).toEqual({ projects: [], pagination: { totalNumber: 0 } });
    advance(ONE_TIME_TOKEN_TTL_MS);
    const expired = await failure(getProjects(guest));
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ message: 'The one-time token is not valid or has expired.' });
    expect(sandbox.store.memberIdForToken(issued.token)).toBeUndefined();
  });

  it('a guest token sees only what it created, never another member’s lead', async () => {
    const { anonymous, memberWith, sandbox } = clocked();
    const guest = memberWith((await issueOneTimeToken(anonymous)).token);
    expect((await failure(fetchLead(guest, L.newest))).status).toBe(403);
    const { leadId } = await createLeadV3(guest, { source: 'SR_RAQ', title: 'Deep cleaning', categoryId: 10501, contactInformation: contact, address });
    const fetched = await fetchLead(guest, leadId);
    // The guest member takes the first request's contact details.
    expect(sandbox.store.member(fetched.userId)).toMatchObject({
      firstName: 'Sam',
      lastName: 'Lee',
      email: 'sam.lee@example.com',
      phoneNumber: '3035550111',
      postalCode: '80203',
    });
    expect((await getProjects(guest)).projects.map((p) => p.leadId)).toEqual([leadId]);
  });

  it('renewal moves the expiry to 30 minutes from now, never past 4 hours from issue', async () => {
    const { anonymous, memberWith, advance, at } = clocked();
    const issued = await issueOneTimeToken(anonymous);
    const guest = memberWith(issued.token);
    advance(20 * MINUTE);
    expect(await renewOneTimeToken(guest)).toEqual({ expiresAt: new Date(at() + ONE_TIME_TOKEN_TTL_MS).toISOString(), expiresIn: 30 * 60 });
    advance(25 * MINUTE); // 45 minutes after issue: still valid thanks to the renewal
    expect((await getProjects(guest)).projects).toEqual([]);
    await renewOneTimeToken(guest);
    for (let i = 0; i < 6; i++) {
      advance(25 * MINUTE);
      await renewOneTimeToken(guest);
    }
    advance(25 * MINUTE); // 220 minutes after issue: 30 more would pass the 4 hours
    const capped = new Date(NOW.getTime() + ONE_TIME_TOKEN_MAX_LIFETIME_MS).toISOString();
    // 20 minutes left to the cap.
    expect(await renewOneTimeToken(guest)).toEqual({ expiresAt: capped, expiresIn: 20 * 60 });
    advance(20 * MINUTE);
    expect((await failure(renewOneTimeToken(guest))).status).toBe(401);
  });

  it('an expired token cannot be renewed; an ended token stops at once', async () => {
    const { anonymous, memberWith, member, advance, sandbox } = clocked();
    const first = memberWith((await issueOneTimeToken(anonymous)).token);
    advance(ONE_TIME_TOKEN_TTL_MS + 1);
    expect((await failure(renewOneTimeToken(first))).status).toBe(401);

    const second = memberWith((await issueOneTimeToken(anonymous)).token);
    expect(await expireOneTimeToken(second)).toEqual({ expired: true });
    expect((await failure(getProjects(second))).status).toBe(401);
    expect((await failure(expireOneTimeToken(second))).status).toBe(401);

    // The seeded token can be ended too, until the sandbox is reset.
    await expireOneTimeToken(member);
    expect((await failure(getProjects(member))).status).toBe(401);
    sandbox.reset();
    expect(sandbox.store.memberIdForToken(SANDBOX_MEMBER_TOKEN)).toBe(5001);
  });

  it('is issued to customers only, without an Authorization header', async () => {
    const { sandbox } = clocked();
    const post = (headers: Record<string, string>) =>
      sandbox.fetch('/gateway/lead/v1/one-time-token', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
    expect((await post(providerHeaders())).status).toBe(403);
    const withToken = await post({ 'X-Caller-Type': 'Member', Authorization: `OneTime ${SANDBOX_MEMBER_TOKEN}` });
    expect(withToken.status).toBe(400);
    expect(await withToken.json()).toMatchObject({ fields: ['Authorization'] });
    const ok = await post({ 'X-Caller-Type': 'Member' });
    expect(ok.status).toBe(200);
    // Tokens are random, not a sequence.
    const again = await (await post({ 'X-Caller-Type': 'Member' })).json();
    expect(again.token).not.toBe((await ok.json()).token);
  });
});
