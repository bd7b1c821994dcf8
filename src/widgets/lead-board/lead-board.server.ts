import { isRecord, parseJson, withoutCustomerContact } from '../../gateway/customer-contact';
import { isLeadsPagePath } from '../../gateway/office/paths';
import type { ServerAnswer } from '../../gateway/server-answers';
import type { WidgetServer } from '../../runtime/widget-server';
import { boardFirstCalls } from './board-request';

/**
 * A board's gateway answer as its server render may put it in the page: a page of leads without
 * the customers' contact details (the first screen shows none: they appear behind an open card's
 * 'Contact'; once the pro reaches for it the board fetches its page again quietly and has them —
 * board-page.ts, 'Contact' shows a placeholder until then); any other answer as it came. A page of leads it
 * cannot read is left out (the browser then asks for it itself).
 * @internal Exported for tests.
 */
export function boardServerAnswer(answer: ServerAnswer): ServerAnswer | null {
  if (!isLeadsPagePath(answer.path) || answer.status < 200 || answer.status >= 300) return answer;
  const body = parseJson(answer.text);
  if (!isRecord(body) || !Array.isArray(body.leads)) return null;
  return { ...answer, text: JSON.stringify({ ...body, leads: body.leads.map(withoutCustomerContact) }) };
}

/** `<lead-board>` off the browser (runtime/widget-server.ts): its first calls and what its server render may carry. */
export const leadBoardServer: WidgetServer = {
  // A featured lead, a page size or the unread filter change the first page: nothing early then.
  firstCalls: { ids: ['sp-id'], unless: ['lead-id', 'page-size', 'new-messages'], send: (client, [spId]) => boardFirstCalls(client, spId as number) },
  answer: boardServerAnswer,
};
