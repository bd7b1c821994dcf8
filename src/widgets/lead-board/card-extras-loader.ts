import { lazy } from 'react';

/** The open card's dialogs and review request (card-extras-part.ts): loaded after the card's first frame. */
export const loadCardExtras = () => import('./card-extras-part');

export const JobNotesDialog = lazy(() => loadCardExtras().then((part) => ({ default: part.JobNotesDialog })));
export const ConnectNumberDialog = lazy(() => loadCardExtras().then((part) => ({ default: part.ConnectNumberDialog })));
export const ClosePrompt = lazy(() => loadCardExtras().then((part) => ({ default: part.ClosePrompt })));
export const ReviewRequest = lazy(() => loadCardExtras().then((part) => ({ default: part.ReviewRequest })));
