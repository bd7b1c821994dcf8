import { createGatewayClient, type GatewayClientConfig } from '../gateway/client';
import { GatewayError } from '../gateway/errors';
import { createSandboxGateway, MAIN_PROVIDER_ID, SANDBOX_MEMBER_TOKEN, type SandboxGatewayOptions } from './index';

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
