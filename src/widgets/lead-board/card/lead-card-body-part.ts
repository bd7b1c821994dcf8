/** What the board loads for an open card: the card body and its texts, one chunk. */
export { LeadCardBody } from './lead-card-body';
export { LEAD_CARD_CATALOGUE } from './lead-card-messages';
