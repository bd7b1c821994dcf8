import { checkLink, LINK, NO_PAGE, type LinkRule } from '../../domain/core/safe-url';
import { setupProblem, type SetupProblem } from './setup-causes';
import { warnSetupProblem } from './setup-problems';

/**
 * A link through the URL gate (domain/core/safe-url `checkLink`) on this page, saying a refusal to
 * the developer: the setup problem `link-refused` (docs/troubleshooting.md), naming the input it
 * came from and what was refused (a scheme, an origin), never the value — once per input per page
 * on the console, and as the element's `lk-error` where the element's reporter is given.
 */

/** The problem a refused link is (`input`: where it came from; `refused`: its scheme, its origin or what is wrong with it). */
export const refusedLink = (input: string, refused: string): SetupProblem => setupProblem('link-refused', { input, origin: refused });

/** This page's URL (its base URL, as a link's path resolves against it) and origin; none on a server. */
export function thisPage(): { readonly base: string; readonly origin: string | undefined } {
  return { base: globalThis.document?.baseURI ?? NO_PAGE, origin: globalThis.document ? globalThis.location?.origin : undefined };
}

/**
 * `value` as a link `rule` takes on this page (or `page`), else null — and, when there was a value,
 * the refusal told to `report` (an element's: `client.reportSetup`), else to the page's console.
 * No value (null, undefined, '') is no link, and nothing to tell.
 */
export function shownLink(
  value: string | null | undefined,
  input: string,
  rule: LinkRule = LINK,
  report: ((problem: SetupProblem) => void) | undefined = undefined,
  page = thisPage(),
): string | null {
  if (!value) return null;
  const check = checkLink(value, rule, page.base, page.origin);
  if (check.url !== undefined) return check.url;
  (report ?? warnSetupProblem)(refusedLink(input, check.refused));
  return null;
}
