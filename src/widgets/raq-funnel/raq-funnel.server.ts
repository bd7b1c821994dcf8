import type { GatewayClient } from '../../gateway/core/client';
import { getServiceProviderDetails } from '../../gateway/lead/funnel/calls';
import { createOneTimeSession, OneTimeTokenHolder } from '../../gateway/lead/funnel/one-time-token';
import { firstScreenValue, type ServerAnswer } from '../../gateway/server-answers';
import { attributeReader } from '../../contract/parse-attribute';
import type { WidgetServer } from '../../runtime/widget-server';
import { funnelProviderName } from './funnel-first-screen';

/**
 * The funnel's first screen made on a server: its entry step; given `sp-id`, headed with the
 * pro's name ('Request a quote from …') — the server asks for the pro's details as the funnel
 * does (through the customer's session: as the customer, never as a provider, and without a
 * token, which that call does not carry) and the page carries them as a first-screen value
 * (funnel-first-screen.ts). Null when the call fails: the browser asks for them as before.
 */
async function funnelProviderValue(client: GatewayClient, serviceProviderId: number): Promise<ServerAnswer | null> {
  try {
    const details = await getServiceProviderDetails(createOneTimeSession(client, new OneTimeTokenHolder()).client, { serviceProviderId, withAlId: false });
    return firstScreenValue(funnelProviderName(serviceProviderId), details);
  } catch {
    return null;
  }
}

/** `<raq-funnel>` off the browser (runtime/widget-server.ts): given `sp-id`, the pro its heading names. */
export const raqFunnelServer: WidgetServer = {
  value: async ({ client, attributes }) => {
    const { spId } = attributeReader('raq-funnel').props(attributes);
    return typeof spId === 'number' ? funnelProviderValue(client, spId) : null;
  },
};
