import { withMessages } from '../../../runtime/runtime';
import { lazyPart } from '../../../ui/lazy-part';

/** The open card's dialogs, review request, contact details, feedback panel and insurance offer (card-extras-part.ts): loaded after the card's first frame. */
const loadCardExtras = () => import('./card-extras-part');

export const JobNotesDialog = lazyPart(loadCardExtras, (part) => part.JobNotesDialog);
export const ConnectNumberDialog = lazyPart(loadCardExtras, (part) => part.ConnectNumberDialog);
export const ContactDetails = lazyPart(loadCardExtras, (part) => part.ContactDetails);
export const FeedbackPanel = lazyPart(loadCardExtras, (part) => withMessages(part.FeedbackPanel, part.CARD_EXTRAS_CATALOGUE));
export const InsuranceBanner = lazyPart(loadCardExtras, (part) => withMessages(part.InsuranceBanner, part.CARD_EXTRAS_CATALOGUE));
export const ClosePrompt = lazyPart(loadCardExtras, (part) => part.ClosePrompt);
export const ReviewRequestPart = lazyPart(loadCardExtras, (part) => withMessages(part.ReviewRequestRoot, part.CARD_EXTRAS_CATALOGUE));
export const CalendarDialog = lazyPart(loadCardExtras, (part) => withMessages(part.CalendarDialog, part.CARD_EXTRAS_CATALOGUE));
