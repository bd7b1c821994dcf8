import * as v from 'valibot';
import { DEFAULT_TIMEOUT_MS, type GatewayClient } from './core/client';
import { issuePaths } from './core/request-spec';
import { timeLimit } from './time-limit';
import { GatewayError, isGatewayError } from './core/errors';

/**
 * A host's provider (a function of the gateway config that replaces one of leadkit's invented
 * calls: `getChatToken`, `leadCounts`, `recordContact`) held to a gateway call's rules. It has the
 * client's time limit (`timeoutMs`): the `signal` it is given aborts then, and leadkit stops
 * waiting (`timeout`); a caller's `signal` that aborts ends the wait too (`aborted`). Its answer is
 * checked against `answer` (`invalid-response`, naming the fields, never their values). What the
 * function throws is passed on as it is (a function that throws instead of rejecting fails the
 * same way); one that gave up because its signal aborted fails with the abort's reason.
 */
export async function askHost<S extends v.GenericSchema>(
  client: Pick<GatewayClient, 'transport'>,
  operation: string,
  answer: S,
  ask: (signal: AbortSignal) => unknown,
  signal?: AbortSignal,
): Promise<v.InferOutput<S>> {
  if (signal?.aborted) throw new GatewayError({ kind: 'aborted', operation });
  const limit = timeLimit(client.transport?.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const ends = signal ? AbortSignal.any([signal, limit.signal]) : limit.signal;
  const ended = () => new GatewayError({ kind: signal?.aborted ? 'aborted' : 'timeout', operation });
  let onEnd = () => {};
  try {
    const answered = await Promise.race([
      Promise.resolve().then(() => ask(ends)),
      new Promise<never>((_, reject) => {
        onEnd = () => reject(ended());
        ends.addEventListener('abort', onEnd, { once: true });
      }),
    ]);
    const parsed = v.safeParse(answer, answered);
    if (!parsed.success) throw new GatewayError({ kind: 'invalid-response', operation, issues: issuePaths(parsed.issues) });
    return parsed.output;
  } catch (error) {
    throw ends.aborted && !isGatewayError(error) ? ended() : error;
  } finally {
    ends.removeEventListener('abort', onEnd);
    limit.clear();
  }
}
