import { lazyPart } from '../../ui/lazy-part';

/** The modal (dialog, form, drafts, gateway calls) is a part of its own (docs/widget-shape.md, "Lazy parts"); see review-request-modal.tsx. */
export const ReviewRequestModal = lazyPart(
  () => import('./review-request-modal'),
  (modal) => modal.ReviewRequestModal,
);
