/**
 * Connect-your-numbers form (docs/widgets/lead-board.md#modals) and its
 * pro-registered-phone-number call.
 *
 * Decisions where the spec is silent: the name is validated and sent trimmed; the phone is
 * sent as its 10 digits (the field shows them formatted, see `formatPhoneInput`).
 */
import type { MessageKey } from '../i18n/en-US';
import { digitsOnly, PHONE_DIGITS } from './core/phone';

/**
 * The brand sent with (and queried for) registered numbers.
 * @internal Exported for tests.
 */
export const CONNECT_NUMBER_BRAND = 'ADS';

export interface ConnectNumberValues {
  name: string;
  phone: string;
}

export type ConnectNumberField = keyof ConnectNumberValues;
export type ConnectNumberErrors = Partial<Record<ConnectNumberField, MessageKey>>;

/** Form order, for focusing the first invalid field. */
export const CONNECT_NUMBER_FIELD_ORDER: readonly ConnectNumberField[] = ['name', 'phone'];

/** 'Name must not be empty'; phone empty / not 10 digits. Empty object: valid. */
export function validateConnectNumber(values: ConnectNumberValues): ConnectNumberErrors {
  const errors: ConnectNumberErrors = {};
  if (values.name.trim() === '') errors.name = 'validation.nameEmpty';
  const phone = validateConnectNumberPhone(values.phone);
  if (phone) errors.phone = phone;
  return errors;
}

/** POST body of the registered-number call. */
export interface RegisteredNumberRequest {
  spId: number;
  brand: typeof CONNECT_NUMBER_BRAND;
  name: string;
  phoneNumber: string;
}

/**
 * The request body from valid values. Throws a TypeError for invalid values (submit must
 * validate first).
 */
export function toRegisteredNumberRequest(spId: number, values: ConnectNumberValues): RegisteredNumberRequest {
  const errors = validateConnectNumber(values);
  if (errors.name || errors.phone) throw new TypeError('connect-number form is not valid');
  return { spId, brand: CONNECT_NUMBER_BRAND, name: values.name.trim(), phoneNumber: digitsOnly(values.phone) };
}

/** Extract<> keeps these tied to the catalogue: a renamed key fails the type check. */
type ConnectNumberPhoneError = Extract<MessageKey, 'validation.numberEmpty' | 'validation.phoneDigits'>;

/**
 * Connect number phone: empty → 'Number must not be empty'; anything but exactly 10 digits
 * → 'Phone number must contain 10 digits'. The field itself holds at most 10 digits
 * (formatPhoneInput), so no country code is accepted here.
 * @internal Exported for tests.
 */
export function validateConnectNumberPhone(raw: string | null | undefined): ConnectNumberPhoneError | null {
  const value = (raw ?? '').trim();
  if (value === '') return 'validation.numberEmpty';
  return digitsOnly(value).length === PHONE_DIGITS ? null : 'validation.phoneDigits';
}
