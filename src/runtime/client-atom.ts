import { atom } from 'jotai/vanilla';
import type { GatewayClient } from '../gateway/core/client';

/** The element's gateway client, for async atoms (set by the element shell). */
export const clientAtom = atom<GatewayClient | null>(null);

/** Requires the client inside an async atom's read. */
export function requireClient(client: GatewayClient | null): GatewayClient {
  if (!client) throw new Error('leadkit: no gateway client in this store');
  return client;
}
