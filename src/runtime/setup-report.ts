import { isGatewayError } from '../gateway/core/errors';
import type { GatewayClient } from '../gateway/core/client';
import type { SetupCause, SetupProblem } from '../gateway/core/setup-causes';
import { setupMessage, warnSetupProblem } from '../gateway/core/setup-problems';
import { emitLeadkitEvent } from './events';
import { TAG_NAMES } from '../contract/tags';

/** The causes each element was told of: one `lk-error` per cause per element. */
const toldElements = new WeakMap<object, Set<SetupCause>>();

/**
 * How an element hears of a wrong host setting (docs/troubleshooting.md): the console line once per
 * page, and `lk-error` (`kind: 'setup'`, its `cause` and `message`) once per cause on the element.
 * Both wait for the sentence's chunk (gateway/core/setup-sentences.ts): a problem may be found while
 * a widget renders (an atom's read), and a host's listener never runs inside React's render.
 */
export function setupReporter(owner: object): (problem: SetupProblem) => void {
  return (problem) => {
    warnSetupProblem(problem);
    // An element (or a React host's target): anything that dispatches events. Not `instanceof`:
    // an element from another realm (an iframe, a test's DOM) is one too.
    if (typeof (owner as Partial<EventTarget>).dispatchEvent !== 'function') return;
    const target = owner as EventTarget;
    let told = toldElements.get(owner);
    if (!told) toldElements.set(owner, (told = new Set()));
    if (told.has(problem.cause)) return;
    told.add(problem.cause);
    // The tag as the widget's other events name it (a prefixed registration's `acme-lead-board` is `lead-board`).
    const { localName = '' } = owner as Partial<Element>;
    const widget = TAG_NAMES.find((tag) => localName === tag || localName.endsWith(`-${tag}`)) ?? 'leadkit';
    // With its sentence, once the sentences' chunk is here (always after the current task: never
    // inside a render); without it when that chunk did not arrive.
    void setupMessage(problem).then(
      (message) => emitLeadkitEvent(target, 'lk-error', { widget, status: null, kind: 'setup', cause: problem.cause, message }),
      () => emitLeadkitEvent(target, 'lk-error', { widget, status: null, kind: 'setup', cause: problem.cause }),
    );
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
