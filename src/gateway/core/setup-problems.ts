/**
 * A host's setting that leadkit can tell is wrong (docs/troubleshooting.md): each cause has a
 * stable code, the setting to change and its docs section, and is said to the developer once per
 * page as one console line prefixed `leadkit:` — and on `lk-error` (`kind: 'setup'`, `cause`,
 * `message`) by each element it affects. The user sees the spec's texts as for any failure. The
 * sentences are a chunk of their own (setup-sentences.ts), fetched only when one is said: a page
 * set up right never loads them.
 *
 * What a line may name: a setting, an operation's name, a gateway's origin, a refused link's input
 * and its scheme or origin. Never a token, a customer's data, or a URL's path or query (they can
 * hold a customer's name).
 */

import type { SetupProblem } from './setup-causes';

/** A problem's sentence for the developer (with its docs section), from the sentences' chunk. */
export function setupMessage(problem: SetupProblem): Promise<string> {
  return import('./setup-sentences').then((sentences) => sentences.sentenceOf(problem));
}

/**
 * The lines already written, per page: keyed by the Document (as the thread's media warnings once
 * were), so another document (an iframe, a test's fresh page) is told afresh and a page's memory
 * goes with it. Without a document (a server render, Node), per process: a server's log is told
 * once too.
 */
const saidOnPage = new WeakMap<object, Set<string>>();
const PROCESS = {};

/**
 * Writes the problem's line (once its sentence is here) unless this page (`on`, default the
 * document) already has it: one line per cause and what was seen, per page. Returns whether it
 * will write.
 */
export function warnSetupProblem(problem: SetupProblem, on?: object): boolean {
  const page: object = on ?? (typeof document === 'undefined' ? PROCESS : document);
  let said = saidOnPage.get(page);
  if (!said) saidOnPage.set(page, (said = new Set()));
  const key = [problem.cause, problem.origin, problem.operation, problem.version, problem.input].join('|');
  if (said.has(key)) return false;
  said.add(key);
  void setupMessage(problem).then(
    (message) => console.warn(`leadkit: ${message}`),
    // The sentences' chunk did not arrive (offline): the cause alone, and its section.
    () => console.warn(`leadkit: ${problem.cause} (https://leadkit.github.io/leadkit/?path=/docs/troubleshooting--docs#${problem.cause})`),
  );
  return true;
}

/** The origin a gateway base URL names: the page's own for a relative one ('' or a path). Never its path. */
export function originOf(baseURL: string): string {
  const here = typeof location === 'undefined' ? undefined : location.href;
  try {
    const origin = new URL(baseURL || '/', here).origin;
    return origin === 'null' ? 'this page' : origin;
  } catch {
    return baseURL === '' ? "this page's origin" : 'the configured gateway';
  }
}

/** Whether a gateway base URL is on another origin than the page's (false without a page). */
export function isCrossOrigin(baseURL: string): boolean {
  if (typeof location === 'undefined' || baseURL === '') return false;
  try {
    return new URL(baseURL, location.href).origin !== location.origin;
  } catch {
    return false;
  }
}
