import { describe, expect, it } from 'vitest';
import { CONNECT_NUMBER_BRAND, toRegisteredNumberRequest, validateConnectNumber, validateConnectNumberPhone } from './connect-number';

describe('validateConnectNumber', () => {
  it('passes a name and a 10-digit number', () => {
    expect(validateConnectNumber({ name: 'Office', phone: '(555) 123-4567' })).toEqual({});
  });

  it('requires a name after trimming', () => {
    expect(validateConnectNumber({ name: '', phone: '5551234567' })).toEqual({ name: 'validation.nameEmpty' });
    expect(validateConnectNumber({ name: '   ', phone: '5551234567' })).toEqual({ name: 'validation.nameEmpty' });
  });

  it('requires a number', () => {
    expect(validateConnectNumber({ name: 'Office', phone: '' })).toEqual({ phone: 'validation.numberEmpty' });
  });

  it('requires exactly 10 digits', () => {
    expect(validateConnectNumber({ name: 'Office', phone: '(555) 123-456' })).toEqual({ phone: 'validation.phoneDigits' });
    expect(validateConnectNumber({ name: 'Office', phone: '155512345678' })).toEqual({ phone: 'validation.phoneDigits' });
  });

  it('reports both fields at once', () => {
    expect(validateConnectNumber({ name: ' ', phone: '' })).toEqual({
      name: 'validation.nameEmpty',
      phone: 'validation.numberEmpty',
    });
  });
});

describe('toRegisteredNumberRequest', () => {
  it('sends brand ADS, the trimmed name and the 10 digits', () => {
    expect(CONNECT_NUMBER_BRAND).toBe('ADS');
    expect(toRegisteredNumberRequest(4242, { name: ' Front desk ', phone: '(555) 123-4567' })).toEqual({
      spId: 4242,
      brand: 'ADS',
      name: 'Front desk',
      phoneNumber: '5551234567',
    });
  });

  it('refuses invalid values', () => {
    expect(() => toRegisteredNumberRequest(1, { name: '', phone: '5551234567' })).toThrow(TypeError);
    expect(() => toRegisteredNumberRequest(1, { name: 'A', phone: '555' })).toThrow(TypeError);
  });
});

describe('validateConnectNumberPhone', () => {
  it('requires a number', () => {
    expect(validateConnectNumberPhone('')).toBe('validation.numberEmpty');
    expect(validateConnectNumberPhone('   ')).toBe('validation.numberEmpty');
    expect(validateConnectNumberPhone(null)).toBe('validation.numberEmpty');
  });
  it('requires exactly 10 digits', () => {
    expect(validateConnectNumberPhone('(555) 123-456')).toBe('validation.phoneDigits');
    expect(validateConnectNumberPhone('15551234567')).toBe('validation.phoneDigits');
    expect(validateConnectNumberPhone('555123456789')).toBe('validation.phoneDigits');
    expect(validateConnectNumberPhone('(')).toBe('validation.phoneDigits');
  });
  it('accepts 10 digits, formatted or not', () => {
    expect(validateConnectNumberPhone('(555) 123-4567')).toBeNull();
    expect(validateConnectNumberPhone('5551234567')).toBeNull();
  });
});
