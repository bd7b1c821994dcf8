import { parseJson, withoutCustomerContact } from '../../gateway/customer-contact';
import { isLeadsPagePath } from '../../gateway/office/paths';
import type { ServerAnswer } from '../../gateway/server-answers';

/**
 * The board's first screen shows none of the customers' contact details (they appear behind an
 * open card's 'Contact'), so a server render leaves them out of the answers it puts in the page.
 * Once hydrated, the board fetches its page again quietly and has them (lead-board.tsx; 'Contact'
 * shows a placeholder until then).
 */
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A board's gateway answer as its server render may put it in the page: a page of leads without
 * the customers' contact details; any other answer as it came. A page of leads it cannot read is
 * left out (the browser then asks for it itself).
 */
export function boardServerAnswer(answer: ServerAnswer): ServerAnswer | null {
  if (!isLeadsPagePath(answer.path) || answer.status < 200 || answer.status >= 300) return answer;
  const body = parseJson(answer.text);
  if (!isRecord(body) || !Array.isArray(body.leads)) return null;
  return { ...answer, text: JSON.stringify({ ...body, leads: body.leads.map(withoutCustomerContact) }) };
}
