import type { GatewayAuth } from '../../src/gateway/core/auth';
import { createGatewayClient, type ReadScope } from '../../src/gateway/core/client';
import { json, recordingFetch, type RecordedRequest } from './recording-fetch';

/** The gateway's 511 body (docs/gateway.md#511-challenge). */
export const CHALLENGE_BODY = { error: 'challenge_required', challengeId: 'ch-1' };

/**
 * A gateway that answers 511 to every call until the host's check is passed (`pass()`), then
 * `answer(request)`; the host's check (`onChallenge`) waits for the test. `asked()` counts the checks.
 */
export function challengedGateway(auth: GatewayAuth, answer: (request: RecordedRequest) => Response, reads?: ReadScope) {
  let challenged = true;
  let asked = 0;
  let release: (passed: boolean) => void = () => undefined;
  const { fetch, requests } = recordingFetch((request) => (challenged ? json(511, CHALLENGE_BODY) : answer(request)));
  const client = createGatewayClient({
    baseURL: '',
    auth,
    fetch,
    ...(reads ? { reads } : {}),
    onChallenge: () => {
      asked++;
      return new Promise<boolean>((resolve) => (release = resolve));
    },
  });
  return {
    client,
    requests,
    asked: () => asked,
    pass(passed = true) {
      challenged = false;
      release(passed);
    },
  };
}
