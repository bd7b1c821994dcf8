import { lazyPart } from '../../ui/lazy-part';

/** The open card's dialogs and review request (card-extras-part.ts): loaded after the card's first frame. */
const loadCardExtras = () => import('./card-extras-part');

export const JobNotesDialog = lazyPart(loadCardExtras, (part) => part.JobNotesDialog);
export const ConnectNumberDialog = lazyPart(loadCardExtras, (part) => part.ConnectNumberDialog);
export const ClosePrompt = lazyPart(loadCardExtras, (part) => part.ClosePrompt);
export const ReviewRequest = lazyPart(loadCardExtras, (part) => part.ReviewRequest);
