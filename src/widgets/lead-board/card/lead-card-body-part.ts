/** What the board loads for an open card: the card body and its texts, one chunk. */
export { LeadCardBody } from './lead-card-body';
export { LEAD_CARD_CATALOGUE } from './lead-card-messages';
/** The open card's dialogs and extras (the board fetches them once idle after its first screen: board-loaders.ts). */
export { JobNotesDialog as CardExtras } from '../extras/card-extras-loader';
