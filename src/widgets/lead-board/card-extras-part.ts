/**
 * What an open card shows only on request — its dialogs (job notes, connect your numbers, the
 * close-as-won prompt) and the review request — one chunk, loaded once an open card has
 * painted (they mount after that frame anyway): not in the board's first content.
 */
export { JobNotesDialog } from './job-notes-dialog';
export { ConnectNumberDialog } from './connect-number-dialog';
export { ClosePrompt } from './close-prompt';
export { ReviewRequest } from '../review-request/review-request';
