import { createGatewayClient, type GatewayClientConfig } from '../../../src/gateway/core/client';
import { GatewayError } from '../../../src/gateway/core/errors';
import { createSandboxGateway, MAIN_PROVIDER_ID, SANDBOX_MEMBER_TOKEN, type RecordedRequest, type SandboxGateway, type SandboxGatewayOptions } from './index';

/** Helpers for the sandbox's own tests (not exported from leadkit/demo). */

/** A fixed clock: a Wednesday afternoon. */
export const NOW = new Date('2025-06-11T15:30:00.000Z');

export function setup(options: SandboxGatewayOptions = {}, clientConfig: Partial<GatewayClientConfig> = {}) {
  const sandbox = createSandboxGateway({ now: () => NOW, ...options });
  const base = { baseURL: 'http://sandbox.test', fetch: sandbox.fetch, retry: { retries: 0 }, ...clientConfig };
  const provider = createGatewayClient({ ...base, auth: { kind: 'provider', spId: MAIN_PROVIDER_ID } });
  const member = createGatewayClient({ ...base, auth: { kind: 'oneTime', token: SANDBOX_MEMBER_TOKEN } });
  const anonymous = createGatewayClient({ ...base, auth: { kind: 'anonymous' } });
  const providerAs = (spId: number) => createGatewayClient({ ...base, auth: { kind: 'provider', spId } });
  const memberWith = (token: string) => createGatewayClient({ ...base, auth: { kind: 'oneTime', token } });
  return { sandbox, provider, member, anonymous, providerAs, memberWith };
}

/** The GatewayError a call rejected with (fails the test if it resolved). */
export async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** Headers of a provider call made with plain fetch. */
export const providerHeaders = (spId: number = MAIN_PROVIDER_ID) => ({
  'content-type': 'application/json',
  'X-Caller-Type': 'ServiceProvider',
  'X-Caller-Id': String(spId),
});

/**
 * A request the sandbox received: the `index`-th of its log, oldest first (negative counts
 * from the end; default the last one). Fails the test when there is none.
 */
export function received(sandbox: Pick<SandboxGateway, 'store'>, index = -1): RecordedRequest {
  const request = sandbox.store.requests.at(index);
  if (!request) throw new Error(`no request at index ${index}: the sandbox received ${sandbox.store.requests.length}`);
  return request;
}

/** What a request put on the wire, for an exact `toEqual`: method, path, query (left out when empty) and parsed body (left out when none). */
export interface Sent {
  method: string;
  path: string;
  query?: Record<string, string | string[]>;
  body?: unknown;
}

/** `received(...)` reduced to method, path, query and body (see `Sent`). */
export function sent(sandbox: Pick<SandboxGateway, 'store'>, index = -1): Sent {
  const { method, path, query, body } = received(sandbox, index);
  return { method, path, ...(Object.keys(query).length > 0 ? { query } : {}), ...(body !== undefined ? { body } : {}) };
}
