import { withSetupProblem, type GatewayError } from './errors';
import { setupProblem, type SetupProblem } from './setup-causes';
import { isCrossOrigin, originOf } from './setup-problems';

/** What a client knew when a call failed (`diagnosed`). */
export interface FailureFacts {
  readonly baseURL: string;
  readonly credentials?: RequestCredentials | undefined;
  readonly onChallenge?: unknown;
  /** The call is one leadkit invented (`RequestSpec.invented`): its 404 says "not offered". */
  readonly invented: boolean;
  /** The caller is a provider. */
  readonly provider: boolean;
  /** A provider token was sent (or asked for). */
  readonly tokenSent: boolean;
  /** The gateway answered some call of this client (any status); a call of it succeeded. */
  readonly answered: boolean;
  readonly succeeded: boolean;
}

/**
 * What a failed call says of the host's settings, if anything: no answer from a gateway that never
 * answered while the browser is online; a 404 to a call the spec names before any call succeeded;
 * a provider's 401 with its token refused, or with no cookie sent to a gateway on another origin; a
 * challenge with no `onChallenge` to pass it. The error as it was otherwise (or when it has a cause).
 */
export function diagnosed(error: GatewayError, facts: FailureFacts): GatewayError {
  if (error.setup) return error;
  const origin = originOf(facts.baseURL);
  let problem: SetupProblem | null = null;
  if (error.kind === 'network' && !facts.answered && !(typeof navigator !== 'undefined' && navigator.onLine === false)) {
    problem = setupProblem('gateway-unreachable', { origin });
  } else if (error.kind === 'http' && error.status === 404 && !facts.invented && !facts.succeeded) {
    problem = setupProblem('gateway-not-found', { origin, operation: error.operation });
  } else if (error.kind === 'http' && error.status === 401 && facts.provider) {
    if (facts.tokenSent) problem = setupProblem('provider-token-refused');
    else if (facts.credentials !== 'include' && isCrossOrigin(facts.baseURL)) problem = setupProblem('provider-cookie-not-sent', { origin });
  } else if (error.kind === 'challenge' && !facts.onChallenge) {
    problem = setupProblem('challenge-unhandled');
  }
  return problem ? withSetupProblem(error, problem) : error;
}
