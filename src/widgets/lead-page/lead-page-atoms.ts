import { atom } from 'jotai/vanilla';
import { loadableOf } from '../../runtime/loadable';
import type { GatewayClient } from '../../gateway/core/client';
import { GatewayError, isAbortError } from '../../gateway/core/errors';
import { getProviderLeadV1, getProviderLeadV2 } from '../../gateway/lead/provider-lead-calls';
import { clientAtom, requireClient } from '../../runtime/client-atom';
import { normalizeLeadPage, type LeadPageView } from './normalize';

export interface LeadPageInputs {
  leadId: number | null;
  spId: number | null;
  /** Which lead-page call to use; both render the same. */
  apiVersion: 'v1' | 'v2';
}

export const leadPageInputsAtom = atom<LeadPageInputs>({ leadId: null, spId: null, apiVersion: 'v2' });
/** Bumped by 'Try again': re-runs the load. */
export const leadPageReloadAtom = atom(0);

const validId = (value: number | null): value is number => value !== null && Number.isSafeInteger(value) && value >= 0;

/** Loads the lead on open and whenever the inputs change; a superseded load is aborted. */
const leadPageAtom = atom(async (get, { signal }): Promise<LeadPageView> => {
  get(leadPageReloadAtom);
  const { leadId, spId, apiVersion } = get(leadPageInputsAtom);
  const client = requireClient(get(clientAtom));
  // The lead page needs an authenticated provider: without one nothing is sent.
  if (client.auth.kind !== 'provider' || !validId(spId)) {
    throw new GatewayError({ kind: 'http', status: 401, operation: 'leadPage.load' });
  }
  if (!validId(leadId)) throw new GatewayError({ kind: 'invalid-request', operation: 'leadPage.load' });
  if (apiVersion === 'v1') return normalizeLeadPage(await getProviderLeadV1(client, { leadId, serviceProviderId: spId }, { signal }));
  const view = normalizeLeadPage(await getProviderLeadV2(client, { leadId, spId }, { signal }));
  if (!view.customer || view.customer.phone || view.customer.email) return view;
  // §3's V2 carries only customerInfo {firstName, lastName}: a purchased lead's phone and e-mail
  // come from the v1 call (`user`), asked second. The page waits for it (its skeleton stays),
  // so the card appears once, with its contact: nothing moves when it arrives. A v1 call that
  // fails leaves the card as V2 has it — the name, no links, no error (docs/widgets/lead-page.md).
  return withContact(view, await contactFromV1(client, leadId, spId, signal));
});

/** The purchased lead's contact from the v1 call; null when it cannot be had (an abort still aborts). */
async function contactFromV1(client: GatewayClient, leadId: number, spId: number, signal: AbortSignal): Promise<LeadPageView['customer']> {
  try {
    return normalizeLeadPage(await getProviderLeadV1(client, { leadId, serviceProviderId: spId }, { signal })).customer;
  } catch (error) {
    if (isAbortError(error)) throw error;
    return null;
  }
}

/** V2's card with v1's phone and e-mail (and v1's name where V2 has none). */
function withContact(view: LeadPageView, contact: LeadPageView['customer']): LeadPageView {
  const customer = view.customer;
  if (!customer || !contact) return view;
  return {
    ...view,
    customer: {
      ...customer,
      firstName: customer.firstName || contact.firstName,
      lastName: customer.lastName || contact.lastName,
      phone: contact.phone,
      email: contact.email,
    },
  };
}

/**
 * The lead page's first call (v2, the default api-version): the CDN loader sends it before the
 * page's code has arrived (its `firstCalls` in lead-page.server.ts) and the atom above takes its answer.
 */
export function leadPageFirstCalls(client: GatewayClient, leadId: number, spId: number): Promise<unknown>[] {
  return [getProviderLeadV2(client, { leadId, spId })];
}

export const leadPageLoadableAtom = loadableOf(leadPageAtom);
