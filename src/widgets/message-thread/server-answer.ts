import { parseJson, withoutCustomerContact } from '../../gateway/customer-contact';
import { isProviderLeadV2Path } from '../../gateway/lead/path';
import { INTERACTION_ACTIVITIES_PATH, isPath, LEAD_PHONE_NUMBERS_PATH } from '../../gateway/message-center/paths';
import type { ServerAnswer } from '../../gateway/server-answers';

/**
 * The thread's first screen made on a server: its header (the breadcrumb, 'Your messages with
 * {member name}', 'Contact', 'View All Leads'), the message list loading and the composer. The
 * messages come from the chat, which opens in the browser (its session is a credential: never
 * asked on a server, never in a page).
 *
 * Not asked on the server at all — the first screen shows neither, and each is the customer's
 * own data: the lead's phone numbers (behind 'Contact') and the member's message activities
 * (the 'Message History' link, whose line is always there: it appears once the browser has them).
 */
export function threadWithholds(path: string): boolean {
  return isPath(path, LEAD_PHONE_NUMBERS_PATH) || isPath(path, INTERACTION_ACTIVITIES_PATH);
}

/** The provider lead as the page may carry it: the member's name, without the customer's contact details. */
export function threadServerAnswer(answer: ServerAnswer): ServerAnswer | null {
  if (!isProviderLeadV2Path(answer.path) || answer.status < 200 || answer.status >= 300) return answer;
  const lead = parseJson(answer.text);
  return lead === undefined ? null : { ...answer, text: JSON.stringify(withoutCustomerContact(lead)) };
}
