import type { GatewayClient } from './core/client';
import type { ReplayOutcome } from './core/request-spec';
import { isGatewayError } from './core/errors';

/**
 * Runs a call that carries an idempotency key, for a caller that waits for its outcome (a board
 * change, a review request). A 511 challenge queues such a call for replay and still raises
 * (docs/gateway.md#511-challenge); here the caller is held instead: once the challenge is passed
 * and the call replayed (once, same key), this resolves with the replay's answer or rejects with
 * its error. When the challenge is not passed — or the client has no `onChallenge`, so nothing
 * replays it — it rejects with the challenge error, as the call did.
 *
 * `call` receives the `onReplayed` to pass to the gateway function.
 */
export async function untilReplayed<T>(
  client: Pick<GatewayClient, 'whenChallengeSettled'>,
  call: (onReplayed: (outcome: ReplayOutcome<T>) => void) => Promise<T>,
): Promise<T> {
  let heard: ReplayOutcome<T> | null = null;
  let tell: ((outcome: ReplayOutcome<T>) => void) | null = null;
  const onReplayed = (outcome: ReplayOutcome<T>) => {
    heard = outcome;
    tell?.(outcome);
  };
  try {
    return await call(onReplayed);
  } catch (error) {
    if (!isGatewayError(error) || error.kind !== 'challenge') throw error;
    const outcome = await new Promise<ReplayOutcome<T> | null>((resolve) => {
      tell = resolve;
      if (heard) resolve(heard);
      // Replays are sent before the challenge settles: nothing heard by then, nothing was replayed.
      void client.whenChallengeSettled().then(() => resolve(heard));
    });
    if (outcome === null) throw error;
    if (outcome.ok) return outcome.value;
    throw outcome.error;
  }
}
