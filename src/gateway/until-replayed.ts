import type { GatewayClient } from './core/client';
import type { ReplayOutcome } from './core/request-spec';

/**
 * Runs a call for a caller that waits for its outcome (a board change, a review request). The
 * gateway client itself holds a caller met by a 511 challenge (docs/gateway.md#511-challenge): once
 * the challenge is passed and the call replayed (once, same key), the call resolves with the
 * replay's answer or rejects with its error; when the challenge is not passed — or the client has
 * no `onChallenge`, so nothing replays it — it rejects with the challenge error.
 *
 * `call` receives the `onReplayed` to pass to the gateway function: none, so the client holds the
 * caller (a call given one raises the challenge at once and reports its replay there instead).
 */
export function untilReplayed<T>(
  _client: Pick<GatewayClient, 'whenChallengeSettled'>,
  call: (onReplayed: ((outcome: ReplayOutcome<T>) => void) | undefined) => Promise<T>,
): Promise<T> {
  return call(undefined);
}
