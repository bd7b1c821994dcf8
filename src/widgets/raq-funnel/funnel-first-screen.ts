import * as v from 'valibot';
import { ProviderDetailsResponseSchema, type ProviderDetails } from '../../gateway/lead/funnel/schemas';

/**
 * The pro a funnel given `sp-id` names in its entry heading ('Request a quote from …'), as a
 * server's first screen carries it (docs/server-rendering.md): the details call's answer (the pro's public
 * details: name, categories), a first-screen value the funnel takes on its first render — on the
 * server and as it hydrates — instead of asking for it after. No token goes with it: the details
 * call carries none, the one-time session is only asked for the customer's calls.
 */
export function funnelProviderName(serviceProviderId: number): string {
  return `raq-funnel/provider?serviceProviderId=${serviceProviderId}`;
}

export function parseFunnelProvider(value: unknown): ProviderDetails | null {
  const parsed = v.safeParse(ProviderDetailsResponseSchema, value);
  return parsed.success ? parsed.output : null;
}
