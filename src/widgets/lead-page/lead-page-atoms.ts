import { atom } from 'jotai/vanilla';
import { loadableOf } from '../../runtime/loadable';
import type { GatewayClient } from '../../gateway/client';
import { GatewayError } from '../../gateway/errors';
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
export const leadPageAtom = atom(async (get, { signal }): Promise<LeadPageView> => {
  get(leadPageReloadAtom);
  const { leadId, spId, apiVersion } = get(leadPageInputsAtom);
  const client = requireClient(get(clientAtom));
  // The lead page needs an authenticated provider: without one nothing is sent.
  if (client.auth.kind !== 'provider' || !validId(spId)) {
    throw new GatewayError({ kind: 'http', status: 401, operation: 'leadPage.load' });
  }
  if (!validId(leadId)) throw new GatewayError({ kind: 'invalid-request', operation: 'leadPage.load' });
  const response =
    apiVersion === 'v1'
      ? await getProviderLeadV1(client, { leadId, serviceProviderId: spId }, { signal })
      : await getProviderLeadV2(client, { leadId, spId }, { signal });
  return normalizeLeadPage(response);
});

/**
 * The lead page's first call (v2, the default api-version): the CDN loader sends it before the
 * page's code has arrived (src/elements/first-calls.ts) and the atom above takes its answer.
 */
export function leadPageFirstCalls(client: GatewayClient, leadId: number, spId: number): Promise<unknown>[] {
  return [getProviderLeadV2(client, { leadId, spId })];
}

export const leadPageLoadableAtom = loadableOf(leadPageAtom);
