import * as v from 'valibot';
import type { GatewayClient } from '../core/client';
import { checkRequest, type CallOptions } from '../core/request-spec';
import { Id, ProviderCategorySchema } from '../core/shared-schemas';

/** The provider's categories (service-provider-profile): for the review request. */

const id = (value: number) => encodeURIComponent(String(checkRequest('office.path', Id, value)));

/**
 * The categories call's answer.
 * @internal Exported for tests: test/reliability/response-fuzz.test.ts fuzzes every response schema a call names.
 */
export const ProviderCategoriesResponseSchema = v.object({ categories: v.array(ProviderCategorySchema) });

/** GET /service-provider-profile/v1/service_provider/{id}/categories — caller id header. */
export async function getProviderCategories(client: GatewayClient, serviceProviderId: number, opts: CallOptions = {}) {
  return client.request({
    operation: 'office.getProviderCategories',
    method: 'GET',
    path: `/gateway/service-provider-profile/v1/service_provider/${id(serviceProviderId)}/categories`,
    provider: serviceProviderId,
    response: ProviderCategoriesResponseSchema,
    signal: opts.signal,
  });
}
