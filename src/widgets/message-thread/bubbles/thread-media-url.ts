import { checkMediaUrl } from '../../../domain/core/safe-url';
import { setupProblem, type SetupProblem } from '../../../gateway/core/setup-causes';
import { warnSetupProblem } from '../../../gateway/core/setup-problems';

/**
 * The thread's media URLs through the page's rule (domain/core/safe-url `checkMediaUrl`): a URL
 * the thread refuses shows as a placeholder, and the developer is told why — the setup problem
 * `media-refused` (docs/troubleshooting.md), once per source per page on the console and as the
 * element's `lk-error`, naming the source's origin only (never the path or query, which may name a
 * customer's file).
 */

/**
 * The problem a refused media URL is (`source`: its origin, or its scheme).
 * @internal Exported for tests.
 */
export const refusedMedia = (source: string): SetupProblem => setupProblem('media-refused', { origin: source });

/**
 * `url` when the thread may load it on `page`; otherwise null, and the problem told to `report`
 * (the element's: runtime.client.reportSetup), else to `page`'s console.
 */
export function shownMediaUrl(url: string, page: Document, report?: ((problem: SetupProblem) => void) | undefined): string | null {
  const check = checkMediaUrl(url, page.baseURI, page.location?.origin ?? 'null');
  if (check.url !== undefined) return check.url;
  const problem = refusedMedia(check.refused);
  if (report) report(problem);
  else warnSetupProblem(problem, page);
  return null;
}
