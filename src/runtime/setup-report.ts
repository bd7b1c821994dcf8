import { isGatewayError } from '../gateway/core/errors';
import type { GatewayClient } from '../gateway/core/client';
import { warnSetupProblem, type SetupCause, type SetupProblem } from '../gateway/core/setup-problems';
import { emitLeadkitEvent } from './events';

/** The causes each element was told of: one `lk-error` per cause per element. */
const toldElements = new WeakMap<object, Set<SetupCause>>();

/**
 * How an element hears of a wrong host setting (docs/troubleshooting.md): the console line once per
 * page, and `lk-error` (`kind: 'setup'`, its `cause` and `message`) once per cause on the element.
 * The event goes out a microtask later: a problem may be found while a widget renders (an atom's
 * read), and a host's listener must not run inside React's render.
 */
export function setupReporter(owner: object): (problem: SetupProblem) => void {
  return (problem) => {
    warnSetupProblem(problem);
    if (typeof EventTarget === 'undefined' || !(owner instanceof EventTarget)) return;
    let told = toldElements.get(owner);
    if (!told) toldElements.set(owner, (told = new Set()));
    if (told.has(problem.cause)) return;
    told.add(problem.cause);
    const widget = typeof Element !== 'undefined' && owner instanceof Element ? owner.localName : 'leadkit';
    queueMicrotask(() => emitLeadkitEvent(owner, 'lk-error', { widget, status: null, kind: 'setup', cause: problem.cause, message: problem.message }));
  };
}

/** `request` that reports the setup problem a failed call carries (`GatewayError.setup`) before it fails. */
export function reportingRequest(request: GatewayClient['request'], report: (problem: SetupProblem) => void): GatewayClient['request'] {
  return async (spec) => {
    try {
      return await request(spec);
    } catch (error) {
      if (isGatewayError(error) && error.setup) report(error.setup);
      throw error;
    }
  };
}
