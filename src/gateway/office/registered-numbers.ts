import type { GatewayClient } from '../core/client';
import { checkRequest, type CallOptions } from '../core/request-spec';
import { Id, UnreadAnswer } from '../core/shared-schemas';
import { RegisteredNumbersResponseSchema, RegisterNumberRequestSchema, type RegisterNumberRequest } from './registered-number-schemas';

/** Connected numbers (the spec's "Registered (connected) number"): loaded with the Connect your numbers dialog. */

const REGISTERED_NUMBER_PATH = '/gateway/service-provider-management/v1/all-call-tracker/pro-registered-phone-number';

/**
 * POST …/pro-registered-phone-number {spId, brand 'ADS', name, phoneNumber}; 409 when already connected.
 * The answer is not read (row O6): any 2xx is success; the dialog shows the number it sent.
 */
export async function registerPhoneNumber(client: GatewayClient, body: RegisterNumberRequest, opts: CallOptions = {}) {
  const checked = checkRequest('office.registerPhoneNumber', RegisterNumberRequestSchema, body);
  return client.request({
    operation: 'office.registerPhoneNumber',
    method: 'POST',
    path: REGISTERED_NUMBER_PATH,
    body: checked,
    provider: checked.spId,
    response: UnreadAnswer,
    signal: opts.signal,
  });
}

/** GET …/pro-registered-phone-number?spId&brand */
export async function getRegisteredPhoneNumbers(client: GatewayClient, params: { spId: number; brand?: string }, opts: CallOptions = {}) {
  const spId = checkRequest('office.getRegisteredPhoneNumbers', Id, params.spId);
  return client.request({
    operation: 'office.getRegisteredPhoneNumbers',
    method: 'GET',
    path: REGISTERED_NUMBER_PATH,
    query: { spId, brand: params.brand ?? 'ADS' },
    provider: spId,
    response: RegisteredNumbersResponseSchema,
    signal: opts.signal,
  });
}
