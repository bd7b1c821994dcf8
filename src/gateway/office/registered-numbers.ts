import * as v from 'valibot';
import { checkRequest, type CallOptions, type GatewayClient } from '../client';
import { Id, IsoDateTime } from '../shared-schemas';

/** Connected numbers (spec §3 "Registered (connected) number", §7): loaded with the Connect your numbers dialog. */

export const RegisteredNumberSchema = v.object({
  spId: Id,
  brand: v.string(),
  name: v.string(),
  phoneNumber: v.string(),
  createDate: v.optional(IsoDateTime),
});
export type RegisteredNumber = v.InferOutput<typeof RegisteredNumberSchema>;
export const RegisterNumberRequestSchema = v.object({
  spId: Id,
  brand: v.literal('ADS'),
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
  phoneNumber: v.pipe(v.string(), v.regex(/^\d{10}$/)),
});
export type RegisterNumberRequest = v.InferInput<typeof RegisterNumberRequestSchema>;
export const RegisteredNumbersResponseSchema = v.object({ registeredNumbers: v.array(RegisteredNumberSchema) });

const REGISTERED_NUMBER_PATH = '/gateway/service-provider-management/v1/all-call-tracker/pro-registered-phone-number';

/** POST …/pro-registered-phone-number {spId, brand 'ADS', name, phoneNumber}; 409 when already connected. */
export async function registerPhoneNumber(client: GatewayClient, body: RegisterNumberRequest, opts: CallOptions = {}) {
  const checked = checkRequest('office.registerPhoneNumber', RegisterNumberRequestSchema, body);
  return client.request({
    operation: 'office.registerPhoneNumber',
    method: 'POST',
    path: REGISTERED_NUMBER_PATH,
    body: checked,
    provider: checked.spId,
    response: RegisteredNumberSchema,
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
