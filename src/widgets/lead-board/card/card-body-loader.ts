import { withMessages } from '../../../runtime/runtime';
import { lazyPart } from '../../../ui/lazy-part';

/**
 * The expanded card's body (status, notes, contact, feedback, insurance, connect numbers) is a
 * chunk of its own, with its texts: the board starts loading it as its element connects, beside
 * the first page of leads, so it is not in the board's first load yet is there when the first
 * card opens (that card is open in the board's first frame).
 */
export const LeadCardBody = lazyPart(
  () => import(/* lk:first-content */ './lead-card-body-part'),
  (part) => withMessages(part.LeadCardBody, part.LEAD_CARD_CATALOGUE),
);
