// CDN chunk: defines <review-request> (loaded by the loader when the tag appears).
import { reviewRequestElement } from '../elements/review-request.element';
import { defineElement } from '../elements/registry';

defineElement(reviewRequestElement);
