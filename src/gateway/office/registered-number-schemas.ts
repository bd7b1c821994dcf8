import * as v from 'valibot';
import { Id, IsoDateTime } from '../core/shared-schemas';

// The connected numbers' shapes (the calls: registered-numbers.ts, which uses the client): a leaf,
// so office/schemas.ts can name the types without importing the calls.

const RegisteredNumberSchema = v.object({
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
