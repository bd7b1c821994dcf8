import { createStore } from 'jotai/vanilla';
import { describe, expect, it } from 'vitest';
import { createSandboxGateway, SANDBOX_MEMBER_ID, SANDBOX_MEMBER_TOKEN, type SandboxGateway, type SandboxProfile } from '@leadkit/sandbox';
import { NOW } from '../../../packages/sandbox/src/test-helpers';
import type { ProjectDetails } from '../../domain/funnel/lead';
import type { GatewayAuth } from '../../gateway/core/auth';
import { createGatewayClient, type GatewayClientConfig } from '../../gateway/core/client';
import { getLeads } from '../../gateway/office/calls';
import { clientAtom } from '../../runtime/client-atom';
import {
  checkEligibilityAtom,
  chooseCategoryResultAtom,
  chooseProviderAtom,
  cityStateAtom,
  clearCategoryAtom,
  loadProviderAtom,
  resolveCategoryNameAtom,
  setPostalCodeAtom,
} from './state/entry-step-atoms';
import { comparisonAtom, followUpDealsAtom, markHiredAtom, startNewRequestAtom, summaryLeadAtom, updatePhoneAtom } from './state/summary-step-atoms';
import {
  createdLeadAtom,
  eligibilityAtom,
  funnelFormAtom,
  funnelInputsAtom,
  funnelLocationAtom,
  funnelSessionAtom,
  oneTimeSessionAtom,
  openLocationAtom,
  persistFunnel,
  providerAtom,
  providerPendingAtom,
  projectDetailsAtom,
  startFunnelAtom,
  suggestionsAtom,
  tokenStatusAtom,
  type FunnelInputs,
} from './state/shared-atoms';
import { loadSuggestionsAtom, sendSelectionAtom, setAdditionalFieldAtom } from './state/suggestions-step-atoms';
import { settleChallengeAtom, submitProjectAtom, type ChallengeSettled } from './state/project-step-atoms';
import { funnelStorageKey, type FunnelStorage } from './state/funnel-storage';

const KEY = funnelStorageKey();

/** A sessionStorage stand-in that keeps every value ever written. */
function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  const writes: string[] = [];
  const storage: FunnelStorage = {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      writes.push(value);
      data.set(key, value);
    },
    removeItem: (key) => void data.delete(key),
  };
  return { storage, writes, data };
}

const details: ProjectDetails = {
  description: 'Kitchen sink drains slowly',
  urgency: 'Within a week',
  answers: [{ questionText: 'Where is the clog?', answerText: 'Kitchen' }],
  address: { lineOne: '1600 Larimer St', lineTwo: 'Apt 12', city: 'Denver', state: 'CO', postalCode: '' },
  showAddress: true,
  contact: { firstName: 'Casey', lastName: 'Nguyen', email: 'casey.nguyen@example.com', phoneNumber: '(303) 555-0177' },
};
const CUSTOMER_DATA = ['Casey', 'Nguyen', 'casey.nguyen@example.com', '3035550177', '(303) 555-0177', '1600 Larimer St', 'Apt 12', 'Kitchen sink'];

function setup(
  options: {
    inputs?: Partial<FunnelInputs>;
    auth?: GatewayAuth;
    stored?: Record<string, string>;
    onChallenge?: GatewayClientConfig['onChallenge'];
    getOneTimeToken?: GatewayClientConfig['getOneTimeToken'];
    profile?: SandboxProfile;
  } = {},
) {
  const sandbox: SandboxGateway = createSandboxGateway({ now: () => NOW, profile: options.profile });
  const client = createGatewayClient({
    baseURL: 'http://sandbox.test',
    fetch: sandbox.fetch,
    auth: options.auth ?? { kind: 'anonymous' },
    retry: { retries: 0 },
    onChallenge: options.onChallenge ?? ((challenge) => sandbox.faults.passChallenge(challenge.challengeId)),
    getOneTimeToken: options.getOneTimeToken,
  });
  const store = createStore();
  store.set(clientAtom, client);
  store.set(funnelInputsAtom, { categoryId: null, postalCode: null, serviceProviderId: null, withAlId: null, referrer: null, ...options.inputs });
  const memory = memoryStorage(options.stored);
  const calls = () => sandbox.store.requests.map((r) => `${r.method} ${r.path}`);
  const start = () => {
    store.set(startFunnelAtom, { storage: memory.storage });
    return persistFunnel(store, memory.storage);
  };
  return { sandbox, client, store, memory, calls, start };
}

/** The funnel walked to a created lead: provider 1001 via its HA listing 2001, Drain Cleaning, 80202. */
async function toCreatedLead(options: Parameters<typeof setup>[0] = {}) {
  const ctx = setup({ inputs: { withAlId: 2001, postalCode: '80202', referrer: 'https://partner.example.com/plumbing?email=x%40y.z' }, ...options });
  ctx.start();
  await ctx.store.set(loadProviderAtom);
  await ctx.store.set(chooseCategoryResultAtom, { categoryId: 10003, name: 'Drain Cleaning', parentCategory: { categoryId: 100 } });
  ctx.store.set(projectDetailsAtom, details);
  const created = await ctx.store.set(submitProjectAtom);
  if (!created.ok) throw new Error('lead not created');
  return { ...ctx, leadId: created.value };
}

describe('start: what survives a reload', () => {
  it('restores step, category, postal code and flags, applies presets the state lacks, and marks rehydration complete', () => {
    const stored = {
      isAuthenticatedWorkflow: true,
      entryPointReferrer: 'cms-home',
      step: 'project',
      categoryId: 100,
      categoryName: 'Plumbing',
      taskCategoryId: 10003,
      taskCategoryName: 'Drain Cleaning',
      postalCode: null,
      serviceProviderId: 1001,
      leadId: null,
      token: 'leaked-token',
      email: 'leaked@example.com',
    };
    const { store, memory, start } = setup({
      inputs: { postalCode: '80203', categoryId: 101, referrer: 'ignored' },
      stored: { [KEY]: JSON.stringify(stored) },
    });
    expect(store.get(funnelSessionAtom).rehydrateComplete).toBe(false);
    start();
    expect(store.get(funnelSessionAtom)).toEqual({
      rehydrateComplete: true,
      isAuthenticatedWorkflow: true,
      entryPointReferrer: 'cms-home',
      step: 'project',
      leadId: null,
    });
    expect(store.get(funnelFormAtom)).toMatchObject({ categoryId: 100, taskCategoryId: 10003, postalCode: '80203', serviceProviderId: 1001 });
    expect(store.get(funnelLocationAtom)).toEqual({ step: 'project', serviceProviderId: 1001 });
    // Read back without the keys that do not belong (written again at once without them).
    expect(JSON.parse(memory.data.get(KEY)!)).not.toHaveProperty('token');
    expect(memory.data.get(KEY)).not.toContain('leaked');
  });

  it('drops a stored record that does not fit, starts fresh with the presets', () => {
    const { store, memory, start } = setup({
      inputs: { categoryId: 101, postalCode: '8020', referrer: 'https://partner.example.com/p?utm=1' },
      stored: { [KEY]: '{"step":"checkout"}' },
    });
    start();
    expect(store.get(funnelSessionAtom)).toEqual({
      rehydrateComplete: true,
      isAuthenticatedWorkflow: false,
      entryPointReferrer: 'https://partner.example.com/p',
      step: 'entry',
      leadId: null,
    });
    expect(store.get(funnelFormAtom)).toMatchObject({ categoryId: 101, postalCode: null });
    expect(JSON.parse(memory.data.get(KEY)!)).toMatchObject({ step: 'entry', categoryId: 101 });
  });

  it('a host’s token makes it an authenticated workflow; nothing is written before the restore ran', () => {
    const { store, memory } = setup({ auth: { kind: 'oneTime', token: SANDBOX_MEMBER_TOKEN } });
    const stop = persistFunnel(store, memory.storage);
    store.set(funnelFormAtom, { ...store.get(funnelFormAtom), postalCode: '80202' });
    expect(memory.writes).toEqual([]);
    store.set(startFunnelAtom, { storage: memory.storage });
    expect(store.get(funnelSessionAtom).isAuthenticatedWorkflow).toBe(true);
    expect(memory.writes).toHaveLength(1);
    stop();
  });

  it('a deep link opens its step; a lead route binds the session (no token is obtained for it)', async () => {
    const { store, start, calls } = setup();
    start();
    store.set(openLocationAtom, { step: 'summary', leadId: 300001 });
    expect(store.get(funnelSessionAtom)).toMatchObject({ step: 'summary', leadId: 300001 });
    expect(store.get(funnelLocationAtom)).toEqual({ step: 'summary', leadId: 300001 });
    store.set(openLocationAtom, { step: 'suggestions', leadId: 300001 });
    // After a reload the token is gone: fetching the lead fails unsent, and the summary is shown.
    const result = await store.set(loadSuggestionsAtom);
    expect(result).toMatchObject({ ok: false, error: { status: 401 } });
    expect(store.get(funnelSessionAtom).step).toBe('summary');
    expect(calls()).not.toContain('POST /gateway/lead/v1/one-time-token');
  });
});

describe('entry: provider, category, postal code, eligibility', () => {
  it('provider details set the form’s provider from the response, choose its category and drop withAlId', async () => {
    const { store, start, sandbox } = setup({ inputs: { withAlId: 2001, categoryId: 500 } });
    start();
    expect(store.get(funnelLocationAtom)).toEqual({ step: 'entry', withAlId: 2001 });
    const result = await store.set(loadProviderAtom);
    expect(result).toMatchObject({ ok: true, value: { serviceProviderId: 1001 } });
    expect(sandbox.store.requests.at(-1)).toMatchObject({ path: '/gateway/lead/v1/serviceprovider/2001/details', query: { withAlId: 'true' } });
    // 500 (Photographers) is not Acme's: its best-reviewed category instead.
    const best = [...sandbox.store.provider(1001)!.categoryIds].sort(
      (a, b) => (sandbox.store.provider(1001)!.reviewCountByCategory[b] ?? 0) - (sandbox.store.provider(1001)!.reviewCountByCategory[a] ?? 0),
    )[0];
    expect(store.get(funnelFormAtom)).toMatchObject({ serviceProviderId: 1001, categoryId: best, taskCategoryId: null });
    expect(store.get(funnelLocationAtom)).toEqual({ step: 'entry', withAlId: null });
  });

  it('the pro is pending (Continue waits) from the start until its details are in or have failed; without a pro, never', async () => {
    const withPro = setup({ inputs: { serviceProviderId: 1001 } });
    withPro.start();
    expect(withPro.store.get(providerPendingAtom)).toBe(true);
    const loading = withPro.store.set(loadProviderAtom);
    expect(withPro.store.get(providerPendingAtom)).toBe(true);
    await loading;
    expect(withPro.store.get(providerPendingAtom)).toBe(false);

    const unknown = setup({ inputs: { serviceProviderId: 9999 } });
    unknown.start();
    await unknown.store.set(loadProviderAtom);
    expect(unknown.store.get(providerPendingAtom)).toBe(false);

    const noPro = setup();
    noPro.start();
    expect(noPro.store.get(providerPendingAtom)).toBe(false);
  });

  it('taxonomy rule: a task result makes its parent the category (name looked up) and itself the task', async () => {
    const { store, start } = setup();
    start();
    const outcome = await store.set(chooseCategoryResultAtom, { categoryId: 10003, name: 'Drain Cleaning', parentCategory: { categoryId: 100 } });
    expect(outcome.ok).toBe(true);
    expect(store.get(funnelFormAtom)).toMatchObject({ categoryId: 100, categoryName: 'Plumbing', taskCategoryId: 10003, taskCategoryName: 'Drain Cleaning' });
    store.set(clearCategoryAtom);
    expect(store.get(funnelFormAtom)).toMatchObject({ categoryId: null, categoryName: null, taskCategoryId: null, taskCategoryName: null });
  });

  it('taxonomy rule with a provider: a top-level category it does not offer changes nothing', async () => {
    const { store, start } = setup({ inputs: { serviceProviderId: 1002 } });
    start();
    await store.set(loadProviderAtom);
    const before = store.get(funnelFormAtom);
    expect(await store.set(chooseCategoryResultAtom, { categoryId: 100, name: 'Plumbing', parentCategory: { categoryId: 1 } })).toEqual({
      ok: false,
      reason: 'not-offered',
    });
    expect(store.get(funnelFormAtom)).toBe(before);
    await store.set(chooseCategoryResultAtom, { categoryId: 102, name: 'Electrical', parentCategory: { categoryId: 1 } });
    expect(store.get(funnelFormAtom)).toMatchObject({ categoryId: 102, categoryName: 'Electrical', taskCategoryId: null });
  });

  it('a preset category gets its name from the taxonomy', async () => {
    const { store, start } = setup({ inputs: { categoryId: 105 } });
    start();
    await store.set(resolveCategoryNameAtom);
    expect(store.get(funnelFormAtom)).toMatchObject({ categoryId: 105, categoryName: 'House Cleaning' });
  });

  it('keeps a five-digit postal code only and looks up its city and state', async () => {
    const { store, start } = setup();
    start();
    store.set(setPostalCodeAtom, '802');
    expect(store.get(funnelFormAtom).postalCode).toBeNull();
    expect(await store.get(cityStateAtom)).toBeNull();
    store.set(setPostalCodeAtom, ' 80301 ');
    expect(await store.get(cityStateAtom)).toEqual({ city: 'Boulder', stateAbbreviation: 'CO', postalCode: '80301' });
    store.set(setPostalCodeAtom, '99999');
    expect(await store.get(cityStateAtom)).toBeNull();
  });

  it('eligible: nothing more; not eligible: the alternatives for the category and postal code, under a token it obtained', async () => {
    const { store, start, sandbox, calls } = setup({ inputs: { serviceProviderId: 1001, postalCode: '80202' } });
    start();
    await store.set(loadProviderAtom);
    expect(await store.set(checkEligibilityAtom)).toEqual({ ok: true, value: true });
    expect(store.get(eligibilityAtom)).toEqual({ eligible: true, alternatives: null });
    expect(calls()).not.toContain('POST /gateway/lead/v4/serviceproviders/suggestion');

    // 1006 does not serve Denver.
    await store.set(chooseProviderAtom, 1006);
    store.set(funnelFormAtom, { ...store.get(funnelFormAtom), categoryId: 100, categoryName: 'Plumbing' });
    expect(await store.set(checkEligibilityAtom)).toEqual({ ok: true, value: false });
    const eligibility = store.get(eligibilityAtom)!;
    expect(eligibility.eligible).toBe(false);
    expect(eligibility.alternatives?.al.map((p) => p.id)).toEqual(expect.arrayContaining([1001]));
    expect([...eligibility.alternatives!.al, ...eligibility.alternatives!.ha]).toHaveLength(3);
    expect(sandbox.store.requests.at(-1)).toMatchObject({
      path: '/gateway/lead/v4/serviceproviders/suggestion',
      body: { categoryId: 100, postalCode: '80202', excludedServiceProviderIds: [1006], limit: 3 },
      headers: { authorization: expect.stringMatching(/^OneTime ott_/) },
    });
    expect(calls().filter((c) => c === 'POST /gateway/lead/v1/one-time-token')).toHaveLength(1);
  });
});

describe('project: creating the lead', () => {
  it('names the fields it cannot send and sends nothing', async () => {
    const { store, start, calls } = setup({ inputs: { postalCode: '80202' } });
    start();
    await store.set(chooseCategoryResultAtom, { categoryId: 105, name: 'House Cleaning', parentCategory: { categoryId: 1 } });
    store.set(projectDetailsAtom, { ...details, contact: { ...details.contact, email: 'casey@', phoneNumber: '' } });
    const before = calls().length;
    expect(await store.set(submitProjectAtom)).toEqual({ ok: false, error: null, problems: ['email', 'phoneNumber'] });
    expect(calls()).toHaveLength(before);
  });

  it('creates the lead once for a double click, goes to the suggestions, and the provider’s board shows it', async () => {
    const ctx = setup({ inputs: { withAlId: 2001, postalCode: '80202' } });
    ctx.start();
    await ctx.store.set(loadProviderAtom);
    await ctx.store.set(chooseCategoryResultAtom, { categoryId: 10003, name: 'Drain Cleaning', parentCategory: { categoryId: 100 } });
    ctx.store.set(projectDetailsAtom, details);
    const [first, second] = await Promise.all([ctx.store.set(submitProjectAtom), ctx.store.set(submitProjectAtom)]);
    expect(first).toEqual(second);
    expect(ctx.calls().filter((c) => c === 'POST /gateway/lead/v3/lead')).toHaveLength(1);
    const leadId = first.ok ? first.value : -1;
    expect(ctx.store.get(funnelSessionAtom)).toMatchObject({ step: 'suggestions', leadId });
    expect(ctx.store.get(funnelLocationAtom)).toEqual({ step: 'suggestions', leadId });
    const created = ctx.sandbox.store.requests.find((r) => r.path === '/gateway/lead/v3/lead')!;
    expect(created.body).toMatchObject({
      source: 'RequestAQuote',
      title: 'Drain Cleaning',
      categoryId: 10003,
      urgency: 'Within a week',
      assignedServiceProviderIds: [1001],
    });
    expect(created.headers.authorization).toMatch(/^OneTime ott_/);
    const provider = createGatewayClient({ baseURL: 'http://sandbox.test', fetch: ctx.sandbox.fetch, auth: { kind: 'provider', spId: 1001 } });
    expect((await getLeads(provider, 1001, {})).leads[0]).toMatchObject({ leadId, customerInfo: { firstName: 'Casey' } });
  });

  it('a retry after a failure reuses the idempotency key; changed details make a new one', async () => {
    const ctx = setup({ inputs: { postalCode: '80202' } });
    ctx.start();
    await ctx.store.set(chooseCategoryResultAtom, { categoryId: 105, name: 'House Cleaning', parentCategory: { categoryId: 1 } });
    ctx.store.set(projectDetailsAtom, details);
    const keys = () => ctx.sandbox.store.requests.filter((r) => r.path === '/gateway/lead/v3/lead').map((r) => r.headers['idempotency-key']);
    // The request is lost on the way: no answer.
    ctx.sandbox.faults.drop({ route: 'POST /gateway/lead/v3/lead', times: 1 });
    expect(await ctx.store.set(submitProjectAtom)).toMatchObject({ ok: false, error: { kind: 'network' } });
    // Everything typed is kept.
    expect(ctx.store.get(projectDetailsAtom)).toBe(details);
    ctx.sandbox.faults.status(500, { message: 'down' }, { route: 'POST /gateway/lead/v3/lead', times: 1 });
    expect(await ctx.store.set(submitProjectAtom)).toMatchObject({ ok: false, error: { status: 500 } });
    expect(keys()).toHaveLength(2);
    expect(keys()[1]).toBe(keys()[0]);
    // The customer changes the description: another request, another key.
    ctx.store.set(projectDetailsAtom, { ...details, description: 'Bathroom sink too' });
    const created = await ctx.store.set(submitProjectAtom);
    expect(created.ok).toBe(true);
    expect(keys()).toHaveLength(3);
    expect(keys()[2]).not.toBe(keys()[0]);
    expect(ctx.sandbox.store.leads.filter((l) => l.contact.email === 'casey.nguyen@example.com')).toHaveLength(1);
  });

  it('a 511 challenge: the result says so (the view closes its modal); once passed, the create is replayed once and the lead arrives', async () => {
    const ctx = setup({ inputs: { postalCode: '80202' } });
    ctx.start();
    await ctx.store.set(chooseCategoryResultAtom, { categoryId: 105, name: 'House Cleaning', parentCategory: { categoryId: 1 } });
    ctx.store.set(projectDetailsAtom, details);
    ctx.sandbox.faults.challenge({ route: 'POST /gateway/lead/v3/lead' });
    const result = await ctx.store.set(submitProjectAtom);
    expect(result).toMatchObject({ ok: false, challenge: true, error: { status: 511 } });
    await ctx.store.get(clientAtom)!.whenChallengeSettled();
    const creates = ctx.sandbox.store.requests.filter((r) => r.path === '/gateway/lead/v3/lead');
    expect(creates.map((r) => r.status)).toEqual([511, 200]);
    expect(creates[1]!.headers['idempotency-key']).toBe(creates[0]!.headers['idempotency-key']);
    expect(ctx.store.get(funnelSessionAtom)).toMatchObject({ step: 'suggestions', leadId: expect.any(Number) });
    expect(ctx.sandbox.store.leads.filter((l) => l.title === 'House Cleaning' && l.contact.firstName === 'Casey')).toHaveLength(1);
  });
});

/**
 * A security check the customer is still doing: `onChallenge` waits until the test ends it
 * (`pass`), so the customer can change their details and send them meanwhile.
 */
/** The lead a settled challenge brought (fails the test when there is none). */
function createdLead(settled: ChallengeSettled): number {
  if (settled.kind !== 'created') throw new Error(`no lead came of the challenge: ${settled.kind}`);
  return settled.leadId;
}

function slowCheck() {
  let end: (passed: boolean) => void = () => {};
  const seen: string[] = [];
  const onChallenge: NonNullable<GatewayClientConfig['onChallenge']> = (challenge) => {
    seen.push(challenge.challengeId);
    return new Promise<boolean>((resolve) => (end = resolve));
  };
  return { onChallenge, seen, pass: () => end(true) };
}

describe('a 511 replay sends what the customer confirmed last, once', () => {
  const CREATE = '/gateway/lead/v3/lead';
  const changed: ProjectDetails = { ...details, description: 'Bathroom sink too', urgency: 'As soon as possible' };

  async function metChallenge() {
    const check = slowCheck();
    const ctx = setup({ inputs: { postalCode: '80202' }, onChallenge: check.onChallenge });
    ctx.start();
    await ctx.store.set(chooseCategoryResultAtom, { categoryId: 105, name: 'House Cleaning', parentCategory: { categoryId: 1 } });
    ctx.store.set(projectDetailsAtom, details);
    const fault = ctx.sandbox.faults.challenge({ route: `POST ${CREATE}` });
    expect(await ctx.store.set(submitProjectAtom)).toMatchObject({ ok: false, challenge: true });
    expect(check.seen).toEqual([fault.challengeId]);
    const creates = () => ctx.sandbox.store.requests.filter((r) => r.path === CREATE);
    const sent = () =>
      creates().map((r) => ({ status: r.status, description: (r.body as { description: string }).description, key: r.headers['idempotency-key'] }));
    const leads = () => ctx.sandbox.store.leads.filter((l) => l.contact.email === details.contact.email);
    return { ...ctx, check, fault, creates, sent, leads };
  }

  it('changed details sent while the check goes on (they meet it too): once passed, only those are sent, once, under their key — one lead, theirs', async () => {
    const ctx = await metChallenge();
    ctx.store.set(projectDetailsAtom, changed);
    expect(await ctx.store.set(submitProjectAtom)).toMatchObject({ ok: false, challenge: true });
    const [first, second] = ctx.sent();
    expect(second!.key).not.toBe(first!.key);

    ctx.sandbox.faults.passChallenge(ctx.fault.challengeId);
    const settled = ctx.store.set(settleChallengeAtom);
    ctx.check.pass();
    const leadId = createdLead(await settled);

    expect(ctx.sent()).toEqual([
      { status: 511, description: details.description, key: first!.key },
      { status: 511, description: changed.description, key: second!.key },
      { status: 200, description: changed.description, key: second!.key },
    ]);
    expect(ctx.leads().map((l) => ({ leadId: l.leadId, description: l.description, urgency: l.urgency }))).toEqual([
      { leadId, description: changed.description, urgency: changed.urgency },
    ]);
    expect(ctx.store.get(funnelSessionAtom)).toMatchObject({ step: 'suggestions', leadId });
    expect(ctx.store.get(createdLeadAtom)).toEqual({ leadId, seq: 1 });
  });

  it('changed details created meanwhile (the gateway let them through): the replay sends nothing — the older request makes no lead', async () => {
    const ctx = await metChallenge();
    // The person passed the check at the gateway (e.g. on its challenge page); the host's check has not said so yet.
    ctx.sandbox.faults.passChallenge(ctx.fault.challengeId);
    ctx.store.set(projectDetailsAtom, changed);
    const created = await ctx.store.set(submitProjectAtom);
    expect(created.ok).toBe(true);
    const leadId = created.ok ? created.value : -1;

    ctx.check.pass();
    await ctx.client.whenChallengeSettled();

    expect(ctx.sent().map((r) => [r.status, r.description])).toEqual([
      [511, details.description],
      [200, changed.description],
    ]);
    expect(ctx.leads().map((l) => [l.leadId, l.description])).toEqual([[leadId, changed.description]]);
    expect(ctx.store.get(funnelSessionAtom)).toMatchObject({ step: 'suggestions', leadId });
    expect(ctx.store.get(createdLeadAtom)).toEqual({ leadId, seq: 1 });
  });

  it('changed details whose send failed (no answer) meanwhile: once passed, the replay sends those, under their key, once', async () => {
    const ctx = await metChallenge();
    ctx.sandbox.faults.passChallenge(ctx.fault.challengeId);
    ctx.sandbox.faults.drop({ route: `POST ${CREATE}`, times: 1 });
    ctx.store.set(projectDetailsAtom, changed);
    expect(await ctx.store.set(submitProjectAtom)).toMatchObject({ ok: false, error: { kind: 'network' } });

    const settled = ctx.store.set(settleChallengeAtom);
    ctx.check.pass();
    const leadId = createdLead(await settled);

    const [first, second, third] = ctx.sent();
    expect(ctx.sent()).toHaveLength(3);
    expect([first!.status, first!.description]).toEqual([511, details.description]);
    expect([second!.status, second!.description]).toEqual([null, changed.description]);
    expect(third).toEqual({ status: 200, description: changed.description, key: second!.key });
    expect(ctx.leads().map((l) => [l.leadId, l.description])).toEqual([[leadId, changed.description]]);
    expect(ctx.store.get(funnelSessionAtom)).toMatchObject({ step: 'suggestions', leadId });
  });

  it('details changed but not sent: the replay sends the confirmed ones (the request that met the check), under its key', async () => {
    const ctx = await metChallenge();
    ctx.store.set(projectDetailsAtom, changed);
    ctx.sandbox.faults.passChallenge(ctx.fault.challengeId);
    const settled = ctx.store.set(settleChallengeAtom);
    ctx.check.pass();
    const leadId = createdLead(await settled);
    const [first, second] = ctx.sent();
    expect(ctx.sent()).toHaveLength(2);
    expect(second).toEqual({ status: 200, description: details.description, key: first!.key });
    expect(ctx.leads().map((l) => [l.leadId, l.description])).toEqual([[leadId, details.description]]);
  });

  it('the check passed but the replay’s answer was lost: settled as failed (not as a check not passed); Send again keeps the key and gets that one lead', async () => {
    const ctx = await metChallenge();
    ctx.sandbox.faults.passChallenge(ctx.fault.challengeId);
    // The server creates the lead; its answer never arrives.
    ctx.sandbox.faults.drop({ route: `POST ${CREATE}`, times: 1, afterHandling: true });
    const settled = ctx.store.set(settleChallengeAtom);
    ctx.check.pass();
    expect(await settled).toEqual({ kind: 'failed', error: expect.objectContaining({ kind: 'network' }) });
    expect(ctx.leads()).toHaveLength(1);
    expect(ctx.store.get(funnelSessionAtom).step).not.toBe('suggestions');

    const again = await ctx.store.set(submitProjectAtom);
    expect(again).toEqual({ ok: true, value: ctx.leads()[0]!.leadId });
    expect(new Set(ctx.sent().map((r) => r.key)).size).toBe(1);
    expect(ctx.leads()).toHaveLength(1);
    expect(ctx.store.get(funnelSessionAtom)).toMatchObject({ step: 'suggestions', leadId: ctx.leads()[0]!.leadId });
  });

  it('a new request started while the check goes on: the replay sends nothing', async () => {
    const ctx = await metChallenge();
    await ctx.store.set(startNewRequestAtom);
    ctx.sandbox.faults.passChallenge(ctx.fault.challengeId);
    ctx.check.pass();
    await ctx.client.whenChallengeSettled();
    expect(ctx.sent().map((r) => r.status)).toEqual([511]);
    expect(ctx.leads()).toEqual([]);
  });
});

describe('suggestions and sending', () => {
  it('loads the lead and 3 suggestions without the pros it went to; fields cleared and defaulted; sends assign v2 and the HA pro selection', async () => {
    const { store, sandbox, leadId } = await toCreatedLead();
    const loaded = await store.set(loadSuggestionsAtom);
    expect(loaded.ok).toBe(true);
    const suggestion = sandbox.store.requests.filter((r) => r.path === '/gateway/lead/v4/serviceproviders/suggestion').at(-1)!;
    expect(suggestion.body).toEqual({ categoryId: 10003, postalCode: '80202', excludedServiceProviderIds: [1001], limit: 3 });
    const split = store.get(suggestionsAtom)!;
    const all = [...split.al, ...split.ha];
    expect(all).toHaveLength(3);
    expect(all.map((p) => p.id)).not.toContain(1001);
    const form = store.get(funnelFormAtom);
    expect(form.serviceRequestId).toBe(split.serviceRequestId);
    expect(Object.values(form.additionalFields)).toEqual([false, false, false]);
    expect(form.selectedAdditionalTotalSpListCount).toBe(0);

    const ha = split.ha[0]!;
    const al = split.al[0]!;
    store.set(setAdditionalFieldAtom, { name: `additional-hasp-${ha.id}`, checked: true });
    store.set(setAdditionalFieldAtom, { name: `additional-sp-${al.id}`, checked: true });
    expect(store.get(funnelFormAtom)).toMatchObject({
      selectedAdditionalSpList: [al.id],
      selectedAdditionalHaSpList: [ha.id],
      selectedAdditionalTotalSpListCount: 2,
    });
    expect(await store.set(sendSelectionAtom)).toEqual({ ok: true, value: undefined });
    const sent = sandbox.store.requests.slice(-2);
    expect(sent.map((r) => [r.path, r.body])).toEqual([
      [`/gateway/lead/v2/lead/${leadId}/assign`, { serviceProviderIds: [al.id], haServiceProviderIds: [ha.id], serviceRequestId: split.serviceRequestId }],
      ['/gateway/lead/v1/service-request/send-ol-pro-selection', { serviceRequestId: split.serviceRequestId, haServiceProviderIds: [ha.id] }],
    ]);
    expect(store.get(funnelSessionAtom).step).toBe('summary');
  });

  it("against the spec's fetched lead (no leadId, title, description, urgency or category name: the sandbox's spec profile): the suggestions come from its category and postal code, and the summary reads it", async () => {
    const { store, sandbox, leadId } = await toCreatedLead({ profile: 'spec', auth: { kind: 'oneTime', token: SANDBOX_MEMBER_TOKEN } });
    expect((await store.set(loadSuggestionsAtom)).ok).toBe(true);
    expect(sandbox.store.requests.filter((r) => r.path === `/gateway/lead/v1/lead/${leadId}`).map((r) => r.status)).toEqual([200]);
    expect(sandbox.store.requests.find((r) => r.path === '/gateway/lead/v4/serviceproviders/suggestion')?.body).toMatchObject({
      categoryId: 10003,
      postalCode: '80202',
    });
    expect(store.get(suggestionsAtom)?.al.length).toBeGreaterThan(0);
    store.set(openLocationAtom, { step: 'summary', leadId });
    expect(await store.get(summaryLeadAtom)).toMatchObject({ category: { id: 10003 }, postalAddress: { postalCode: '80202' } });
  });

  it('a failed suggestion fetch goes to the summary of the lead', async () => {
    const { store, sandbox, leadId } = await toCreatedLead();
    sandbox.faults.status(500, { message: 'down' }, { route: 'POST /gateway/lead/v4/serviceproviders/suggestion', times: 1 });
    expect((await store.set(loadSuggestionsAtom)).ok).toBe(false);
    expect(store.get(funnelLocationAtom)).toEqual({ step: 'summary', leadId });
  });
});

describe('summary', () => {
  it('shows who received it and follow-up deals, updates only the phone number, marks a pro hired', async () => {
    const { store, sandbox, leadId } = await toCreatedLead();
    store.set(openLocationAtom, { step: 'summary', leadId });
    const comparison = await store.get(comparisonAtom);
    expect(comparison?.serviceProviders.map((p) => [p.id, p.hired])).toEqual([[1001, false]]);
    expect((await store.get(followUpDealsAtom)).map((d) => d.title)).toEqual(['Drain cleaning special']);

    expect(await store.set(updatePhoneAtom, '12')).toEqual({ ok: false, error: null, problems: ['phoneNumber'] });
    expect(await store.set(updatePhoneAtom, '+1 (720) 555-0199')).toEqual({ ok: true, value: '7205550199' });
    expect(sandbox.store.requests.at(-1)).toMatchObject({ path: '/gateway/lead/v1/user/updatePhone', body: { phoneNumber: '7205550199' } });

    expect(await store.set(markHiredAtom, { serviceProviderId: 1001, serviceProviderType: 'AL' })).toEqual({ ok: true, value: undefined });
    expect((await store.get(comparisonAtom))?.serviceProviders.map((p) => [p.id, p.hired])).toEqual([[1001, true]]);
  });
});

describe('the one-time token and the customer’s details are never written', () => {
  it('walks the whole funnel; no storage write holds the token or anything the customer typed', async () => {
    const { store, sandbox, memory } = await toCreatedLead();
    await store.set(loadSuggestionsAtom);
    await store.set(sendSelectionAtom);
    const tokens = Object.keys(sandbox.store.tokens).filter((t) => t.startsWith('ott_'));
    expect(tokens).toHaveLength(1);
    expect(memory.writes.length).toBeGreaterThan(3);
    for (const written of memory.writes) {
      for (const secret of [...tokens, ...CUSTOMER_DATA]) expect(written).not.toContain(secret);
      expect(Object.keys(JSON.parse(written)).sort()).toEqual(
        [
          'categoryId',
          'categoryName',
          'entryPointReferrer',
          'isAuthenticatedWorkflow',
          'leadId',
          'postalCode',
          'serviceProviderId',
          'step',
          'taskCategoryId',
          'taskCategoryName',
        ].sort(),
      );
    }
    // Nor does a dump of the funnel's state (devtools, a log).
    const dump = JSON.stringify([
      store.get(oneTimeSessionAtom),
      store.get(funnelSessionAtom),
      store.get(funnelFormAtom),
      store.get(suggestionsAtom),
      store.get(providerAtom),
    ]);
    expect(dump).toContain('"status":"active"');
    for (const token of tokens) expect(dump).not.toContain(token);
    // The referrer lost its query (it held an e-mail address).
    expect(JSON.parse(memory.writes.at(-1)!)).toMatchObject({
      step: 'summary',
      entryPointReferrer: 'https://partner.example.com/plumbing',
      categoryId: 100,
      postalCode: '80202',
    });
  });

  it('reports an expired token through tokenStatusAtom and never obtains another for the lead', async () => {
    const { store, sandbox, calls } = await toCreatedLead();
    const statuses: string[] = [];
    const unsubscribe = store.sub(tokenStatusAtom, () => statuses.push(store.get(tokenStatusAtom)));
    expect(store.get(tokenStatusAtom)).toBe('active');
    sandbox.store.tokenLifetimes.forEach((lifetime) => (lifetime.expired = true));
    await store.set(loadSuggestionsAtom);
    expect(statuses).toEqual(['expired']);
    expect(calls().filter((c) => c === 'POST /gateway/lead/v1/one-time-token')).toHaveLength(1);
    unsubscribe();
  });

  it('a new request ends the token at the gateway and starts over, keeping the session flags', async () => {
    const { store, sandbox, calls } = await toCreatedLead();
    const token = Object.keys(sandbox.store.tokens).find((t) => t.startsWith('ott_'))!;
    await store.set(startNewRequestAtom);
    expect(calls().at(-1)).toBe('POST /gateway/lead/v1/one-time-token/expire');
    expect(sandbox.store.memberIdForToken(token)).toBeUndefined();
    expect(store.get(funnelSessionAtom)).toEqual({
      rehydrateComplete: true,
      isAuthenticatedWorkflow: false,
      entryPointReferrer: 'https://partner.example.com/plumbing',
      step: 'entry',
      leadId: null,
    });
    expect(store.get(funnelFormAtom).categoryId).toBeNull();
    expect(store.get(projectDetailsAtom).contact.email).toBe('');
  });
});

describe("the host's getOneTimeToken: the guest funnel without the gateway's token calls", () => {
  const hostToken = () => {
    const asked: string[] = [];
    const getOneTimeToken: NonNullable<GatewayClientConfig['getOneTimeToken']> = async ({ reason }) => {
      asked.push(reason);
      return { token: SANDBOX_MEMBER_TOKEN, expiresAt: new Date(Date.now() + 30 * 60_000).toISOString() };
    };
    return { asked, getOneTimeToken };
  };

  it('sends a request end to end under the host’s token: the lead is created for its member, and the gateway never gets a token call', async () => {
    const host = hostToken();
    const { store, sandbox, calls, leadId } = await toCreatedLead({ getOneTimeToken: host.getOneTimeToken });
    expect((await store.set(loadSuggestionsAtom)).ok).toBe(true);
    const split = store.get(suggestionsAtom)!;
    store.set(setAdditionalFieldAtom, { name: `additional-hasp-${split.ha[0]!.id}`, checked: true });
    expect(await store.set(sendSelectionAtom)).toEqual({ ok: true, value: undefined });
    expect(store.get(funnelSessionAtom).step).toBe('summary');

    expect(host.asked).toEqual(['issue']);
    const created = sandbox.store.requests.find((r) => r.method === 'POST' && r.path === '/gateway/lead/v3/lead');
    expect(created?.headers.authorization).toBe(`OneTime ${SANDBOX_MEMBER_TOKEN}`);
    expect(sandbox.store.leads.find((lead) => lead.leadId === leadId)?.memberId).toBe(SANDBOX_MEMBER_ID);
    for (const path of ['/gateway/lead/v2/lead/' + leadId + '/assign', '/gateway/lead/v1/service-request/send-ol-pro-selection']) {
      expect(sandbox.store.requests.find((r) => r.path === path)?.headers.authorization).toBe(`OneTime ${SANDBOX_MEMBER_TOKEN}`);
    }
    // 'Start a new request' forgets the token; expiring it is the host's.
    await store.set(startNewRequestAtom);
    expect(store.get(tokenStatusAtom)).toBe('none');
    expect(calls().filter((call) => call.includes('one-time-token'))).toEqual([]);
  });

  it('a host function that fails: Send fails as a gateway error with nothing sent, everything typed is kept, and Send again asks the host again', async () => {
    let fail = true;
    const ctx = setup({
      inputs: { withAlId: 2001, postalCode: '80202' },
      getOneTimeToken: async () => {
        if (fail) throw new Error('the host could not sign the guest in');
        return { token: SANDBOX_MEMBER_TOKEN, expiresAt: new Date(Date.now() + 30 * 60_000).toISOString() };
      },
    });
    ctx.start();
    await ctx.store.set(loadProviderAtom);
    await ctx.store.set(chooseCategoryResultAtom, { categoryId: 10003, name: 'Drain Cleaning', parentCategory: { categoryId: 100 } });
    ctx.store.set(projectDetailsAtom, details);
    const failed = await ctx.store.set(submitProjectAtom);
    expect(failed).toMatchObject({ ok: false, error: { kind: 'network', operation: 'host.getOneTimeToken' } });
    expect(ctx.calls().filter((call) => call.startsWith('POST'))).toEqual([]);
    expect(ctx.store.get(projectDetailsAtom)).toEqual(details);
    fail = false;
    expect(await ctx.store.set(submitProjectAtom)).toMatchObject({ ok: true });
    expect(ctx.calls().filter((call) => call.includes('one-time-token'))).toEqual([]);
  });
});
