import { atom } from 'jotai/vanilla';
import { loadableOf } from '../../runtime/loadable';
import { isGatewayError } from '../../gateway/core/errors';
import { getServiceProviderInfo } from '../../gateway/office/calls';
import type { ServiceProviderInfo } from '../../gateway/office/schemas';
import { requireProvider } from './board-host';

/** Bumped by the error panel's retry: reloads the provider info and the leads (board-page.ts). */
export const boardRetryAtom = atom(0);

/**
 * The business name rides along on later lead requests without being a dependency: the first
 * page is requested in parallel with the provider info (one round trip to first data), and
 * learning the name must not refetch it.
 */
export const businessNameRefAtom = atom(() => ({ current: '' }));

/** The board's provider: its name is null when the answer had none or could not be read. */
type BoardProvider = ServiceProviderInfo;

/**
 * Provider info (name for the header; businessName for the leads call), loaded beside the leads;
 * or — when its answer cannot be read (another shape, no provider in it, 404) — a provider without
 * a name: the board still lists the leads, under a header without the business name ('Your
 * leads'; docs/gateway-assumptions.md row O1). Other failures (network, 401, 5xx) are the
 * board's, as the leads call's.
 */
const providerInfoAtom = atom(async (get, { signal }): Promise<BoardProvider> => {
  get(boardRetryAtom);
  const { client, spId } = requireProvider(get, 'leadBoard.providerInfo');
  let provider: BoardProvider | undefined;
  try {
    const { serviceProviders } = await getServiceProviderInfo(client, spId, { signal });
    provider = serviceProviders.find((candidate) => (candidate.id ?? candidate.serviceProviderId) === spId) ?? serviceProviders[0];
  } catch (error) {
    if (!isGatewayError(error) || !(error.kind === 'invalid-response' || error.status === 404)) throw error;
  }
  const found: BoardProvider = provider ?? { id: spId, serviceProviderId: null, name: null, primaryAddress: null };
  get(businessNameRefAtom).current = found.name ?? '';
  return found;
});
export const providerInfoLoadableAtom = loadableOf(providerInfoAtom);
