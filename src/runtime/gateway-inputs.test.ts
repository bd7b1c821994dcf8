import { describe, expect, it } from 'vitest';
import { createGatewayClient } from '../gateway/core/client';
import { clientFor } from './widget-shell';
import { RUNTIME_PROPERTIES } from './host-inputs';
import { GATEWAY_INPUT_NAMES, gatewayInputsOf, isGatewayInput } from '../contract/gateway-inputs';
import { HOST_PROPERTIES } from '../contract/host-properties';
import { HOST_ATTRIBUTES } from '../contract/tags';

/** A value of each gateway input, and another one. */
const VALUES = {
  role: ['provider', 'customer'],
  gateway: [{ baseURL: 'https://gw.test' }, { baseURL: 'https://other.test' }],
  auth: [
    { kind: 'provider', spId: 1001 },
    { kind: 'provider', spId: 1002 },
  ],
  gatewayUrl: ['https://gw.test', 'https://other.test'],
  gatewayCredentials: ['include', 'omit'],
  authMode: ['provider', 'one-time'],
  spId: [1001, 1002],
  noLeadCounts: [true, false],
  noContactRecord: [true, false],
} as const;

describe('the gateway inputs, named once', () => {
  it('are the gateway and auth properties, the gateway attributes, sp-id and the role; the runtime takes every other host property', () => {
    expect(HOST_PROPERTIES.filter(isGatewayInput)).toEqual(['gateway', 'auth']);
    expect([...RUNTIME_PROPERTIES, 'gateway', 'auth'].sort()).toEqual([...HOST_PROPERTIES].sort());
    // Every attribute every tag understands is one, but the locale (the runtime's).
    expect(Object.keys(HOST_ATTRIBUTES).filter((name) => !isGatewayInput(name))).toEqual(['locale']);
    expect(GATEWAY_INPUT_NAMES.filter((name) => !HOST_PROPERTIES.includes(name as never) && !(name in HOST_ATTRIBUTES))).toEqual(['role', 'spId']);
    expect(Object.keys(VALUES).sort()).toEqual([...GATEWAY_INPUT_NAMES].sort());
  });

  it('an element keeps its client while they stay, and builds a new one when any of them changes (not when another input does)', () => {
    const owner = {};
    const base = Object.fromEntries(Object.entries(VALUES).map(([name, [first]]) => [name, first]));
    const first = clientFor(owner, { ...base, messages: { a: 'b' } }, undefined, undefined);
    expect(clientFor(owner, { ...base, messages: { c: 'd' } }, undefined, undefined)).toBe(first);
    for (const name of GATEWAY_INPUT_NAMES) {
      const changed = clientFor(owner, { ...base, [name]: VALUES[name][1] }, undefined, undefined);
      expect(changed, name).not.toBe(first);
      // Back to the first inputs: a client of those (the cache holds one).
      clientFor(owner, base, undefined, undefined);
    }
  });

  it('are read from an element’s props, with its tag’s role', () => {
    const ready = createGatewayClient({ baseURL: '', auth: { kind: 'anonymous' } });
    expect(gatewayInputsOf({ gateway: ready, spId: 1001, locale: 'es', leadId: 5 }, 'provider')).toEqual({
      role: 'provider',
      gateway: ready,
      auth: undefined,
      gatewayUrl: undefined,
      gatewayCredentials: undefined,
      authMode: undefined,
      spId: 1001,
      noLeadCounts: undefined,
      noContactRecord: undefined,
    });
  });
});
