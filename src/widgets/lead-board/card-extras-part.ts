/**
 * What an open card shows only on request — its dialogs (job notes, connect your numbers, the
 * close-as-won prompt), the review request and the customer's contact details — one chunk, loaded
 * once an open card has painted (they mount after that frame anyway, or on a tap): not in the
 * board's first content.
 */
export { JobNotesDialog } from './job-notes-dialog';
export { ConnectNumberDialog } from './connect-number-dialog';
export { ClosePrompt } from './close-prompt';
export { ContactDetails } from './contact-details';
export { ReviewRequest } from '../review-request/review-request';
export { CARD_EXTRAS_CATALOGUE } from './card-extras-messages';
