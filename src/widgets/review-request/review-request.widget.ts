import type { Widget } from '../../runtime/widget';
import { ReviewRequestRoot, type ReviewRequestProps } from './review-request';
import { REVIEW_REQUEST_CATALOGUE } from './review-request-messages';

/** `<review-request>`'s descriptor (docs/widget-shape.md). Its first screen is a button: the modal loads later, nothing to preload. */
export const reviewRequestWidget: Widget<ReviewRequestProps> = {
  component: ReviewRequestRoot,
  catalogue: REVIEW_REQUEST_CATALOGUE,
};
