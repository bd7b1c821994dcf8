/**
 * What an open card shows only on request or below its first screen — its dialogs (job notes,
 * connect your numbers, the close-as-won prompt), the review request, the customer's contact
 * details, the feedback popover's panel and the insurance offer at the card's end — one chunk,
 * loaded once an open card has painted (they mount after that frame, or on a tap): not in the
 * board's first content.
 */
export { JobNotesDialog } from './job-notes-dialog';
export { ConnectNumberDialog } from './connect-number-dialog';
export { ClosePrompt } from './close-prompt';
export { CalendarDialog } from './calendar-dialog';
export { ContactDetails } from './contact-details';
export { FeedbackPanel } from './feedback-panel';
export { InsuranceBanner } from './insurance-banner';
export { ReviewRequestRoot } from '../../review-request/review-request';
export { CARD_EXTRAS_CATALOGUE } from './card-extras-messages';
