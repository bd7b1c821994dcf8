/**
 * The review-request form (docs/widgets/review-request.md#behaviour, the constants:
 * docs/architecture.md#review-constants).
 *
 * Values hold what the user typed; `toBoardRequest` trims and normalises them into the board
 * payload, and `toGatewayRequest` maps that to the gateway variant. Decisions where the spec
 * is silent:
 * - Text fields are validated and sent trimmed (a name of spaces is empty).
 * - Phone "valid" = digits and phone punctuation only, normalising to 10 digits (a leading 1
 *   on 11 digits accepted); it is sent as the 10 digits.
 * - The 254 limit for e-mail and phone applies to the trimmed value.
 * - descriptionOfWork is optional (the spec names no rule for it).
 * - categoryIds null means "never chosen" (required text), [] means "chosen, then emptied"
 *   (at-least-one text). Prefill starts at null; duplicate ids are sent once.
 */
import type { MessageKey } from '../i18n/en-US';
import { EMAIL_MAX_LENGTH, isValidEmail } from './core/email';
import { isValidPhone, normalizePhone, prefillPhone } from './core/phone';

/** The modal closes this long after the thank-you message (docs/architecture.md#review-constants). */
export const REVIEW_AUTO_CLOSE_MS = 5000;
/** Draft review defaults. */
export const REVIEW_SOURCE_DEFAULT = 'site-member';
export const REVIEW_SOURCE_VERSION_DEFAULT = '2.0';
/** E-mail and phone are at most 254 characters. */
const REVIEW_FIELD_MAX_LENGTH = EMAIL_MAX_LENGTH;

export type WorkCompleted = 'yes' | 'no';

export interface ReviewFormValues {
  firstName: string;
  lastName: string;
  emailAddress: string;
  phoneNumber: string;
  descriptionOfWork: string;
  /** Required, default 'yes'; null only when the user has no answer selected. */
  workCompleted: WorkCompleted | null;
  /** null: never chosen; []: selection emptied. */
  categoryIds: number[] | null;
}

export type ReviewFormField = keyof ReviewFormValues;
export type ReviewFormErrors = Partial<Record<ReviewFormField, MessageKey>>;

/**
 * Order of the fields in the form, top to bottom: the form renders in this order and focuses
 * the first field with an error (see `firstInvalidField`).
 */
export const FIELD_ORDER: readonly ReviewFormField[] = [
  'firstName',
  'lastName',
  'emailAddress',
  'phoneNumber',
  'categoryIds',
  'workCompleted',
  'descriptionOfWork',
];

/** @internal Exported for tests. */
export const EMPTY_REVIEW_FORM: Readonly<ReviewFormValues> = Object.freeze({
  firstName: '',
  lastName: '',
  emailAddress: '',
  phoneNumber: '',
  descriptionOfWork: '',
  workCompleted: 'yes',
  categoryIds: null,
});

/** One key per invalid field; an empty object means the form can be sent. */
export function validateReviewForm(values: ReviewFormValues): ReviewFormErrors {
  const errors: ReviewFormErrors = {};

  const email = values.emailAddress.trim();
  if (email === '' || email.length > REVIEW_FIELD_MAX_LENGTH || !isValidEmail(email)) {
    errors.emailAddress = 'validation.email';
  }

  const phone = values.phoneNumber.trim();
  if (phone === '' || phone.length > REVIEW_FIELD_MAX_LENGTH || !isValidPhone(phone)) {
    errors.phoneNumber = 'validation.phone';
  }

  if (values.firstName.trim() === '') errors.firstName = 'validation.firstName';
  if (values.lastName.trim() === '') errors.lastName = 'validation.lastName';
  if (values.workCompleted === null) errors.workCompleted = 'validation.workCompleted';

  if (values.categoryIds === null) errors.categoryIds = 'validation.categoriesRequired';
  else if (values.categoryIds.length === 0) errors.categoryIds = 'validation.categoriesEmpty';

  return errors;
}

/** The field to focus after a failed submit, in FIELD_ORDER; null when there is no error. */
export function firstInvalidField(errors: ReviewFormErrors): ReviewFormField | null {
  return FIELD_ORDER.find((field) => errors[field] !== undefined) ?? null;
}

/** What prefill needs of a lead (the provider-view lead); structural so no gateway import. */
export interface ReviewPrefillLead {
  readonly customerInfo?: {
    readonly firstName?: string | null;
    readonly lastName?: string | null;
    readonly emailAddress?: string | null;
    readonly phoneNumber?: string | null;
    readonly isMaskedPhone?: boolean | null;
  } | null;
}

/**
 * The lead's customer details; a masked phone prefills empty
 * so the provider never sends a temporary number as the customer's. The phone is kept as
 * its 10 digits (display formatting is the view's job).
 */
export function prefillReviewForm(lead: ReviewPrefillLead | null | undefined): ReviewFormValues {
  const info = lead?.customerInfo;
  return {
    ...EMPTY_REVIEW_FORM,
    firstName: info?.firstName?.trim() ?? '',
    lastName: info?.lastName?.trim() ?? '',
    emailAddress: info?.emailAddress?.trim() ?? '',
    phoneNumber: prefillPhone(info?.phoneNumber, info?.isMaskedPhone),
  };
}

/** Board form shape; POST /gateway/review/api/v1/review/request-by-email. */
export interface BoardReviewRequest {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  reviewRequest: {
    serviceProviderId: number;
    postalCode: string;
    descriptionOfWork: string;
    workCompleted: WorkCompleted;
    categoryIds: number[];
  };
}

/** Gateway variant: workCompleted yes → true, categories as ids. */
export interface GatewayReviewRequest {
  serviceProviderId: number;
  postalCode: string;
  emailAddress: string;
  phoneNumber: string;
  firstName: string;
  lastName: string;
  descriptionOfWork: string;
  workCompleted: boolean;
  categories: number[];
}

export interface ReviewRequestContext {
  /** A number, or the numeric string an attribute gives (sent as a number). */
  readonly serviceProviderId: number | string;
  readonly postalCode: string;
}

/**
 * The board payload from valid values. Throws a TypeError when the values do not pass
 * `validateReviewForm` or the provider id is not a positive integer: both are programming
 * errors (submit must validate first), never something to send.
 */
export function toBoardRequest(values: ReviewFormValues, context: ReviewRequestContext): BoardReviewRequest {
  const errors = validateReviewForm(values);
  const invalid = firstInvalidField(errors);
  if (invalid !== null) throw new TypeError(`review form is not valid: ${invalid}`);
  const serviceProviderId = Number(context.serviceProviderId);
  if (!Number.isSafeInteger(serviceProviderId) || serviceProviderId <= 0) {
    throw new TypeError('review request needs a numeric serviceProviderId');
  }
  // Narrowed by validation above; the checks keep the types honest without casts.
  if (values.workCompleted === null || values.categoryIds === null) throw new TypeError('unreachable');

  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.emailAddress.trim(),
    phoneNumber: normalizePhone(values.phoneNumber),
    reviewRequest: {
      serviceProviderId,
      postalCode: context.postalCode.trim(),
      descriptionOfWork: values.descriptionOfWork.trim(),
      workCompleted: values.workCompleted,
      categoryIds: [...new Set(values.categoryIds)],
    },
  };
}

/** The gateway variant of the same request. */
export function toGatewayRequest(board: BoardReviewRequest): GatewayReviewRequest {
  const { reviewRequest } = board;
  return {
    serviceProviderId: reviewRequest.serviceProviderId,
    postalCode: reviewRequest.postalCode,
    emailAddress: board.email,
    phoneNumber: board.phoneNumber,
    firstName: board.firstName,
    lastName: board.lastName,
    descriptionOfWork: reviewRequest.descriptionOfWork,
    workCompleted: reviewRequest.workCompleted === 'yes',
    categories: [...reviewRequest.categoryIds],
  };
}

/**
 * Draft reviews in the request flow (docs/widgets/review-request.md#draft-review).
 * When the modal opens, the provider gets or creates the draft review of the lead's customer
 * (POST /v1/draft-review/get-or-create {serviceProviderId, reviewSource, reviewSourceVersion,
 * leadId}); what the provider says about the work — description, work completed, categories —
 * is saved into it (PUT /v1/draft-review/{id}) this long after the last change and when the
 * modal closes, so it is still there when the modal opens again. The customer's contact
 * details are never put in the draft. Sending the request fills in the same draft server-side.
 */
export const REVIEW_DRAFT_SAVE_DELAY_MS = 800;

/** What a draft review keeps of the form (structural: the gateway schema is not imported here). */
export interface ReviewDraftFields {
  readonly descriptionOfWork: string;
  /** null: not answered. */
  readonly workCompleted: boolean | null;
  readonly categories: readonly number[];
}

/** The provider's PUT body for the draft: its own fields only, never the customer's words or ratings. */
export interface ReviewDraftUpdate {
  draftReview: { descriptionOfWork: string; workCompleted?: boolean };
  draftRatings: [];
  categories: number[];
}

export function toDraftUpdate(values: ReviewFormValues): ReviewDraftUpdate {
  return {
    draftReview: {
      descriptionOfWork: values.descriptionOfWork.trim(),
      ...(values.workCompleted === null ? {} : { workCompleted: values.workCompleted === 'yes' }),
    },
    draftRatings: [],
    categories: [...new Set(values.categoryIds ?? [])],
  };
}

/**
 * The form's starting values with a saved draft applied: its description, its answer to
 * "work completed" (unanswered keeps the default yes) and its categories among those
 * offered (`offered`); a draft without any offered category keeps the pre-selection.
 */
export function withDraft(values: ReviewFormValues, draft: ReviewDraftFields | null, offered: ReadonlySet<number>): ReviewFormValues {
  if (!draft) return values;
  const categories = [...new Set(draft.categories.filter((id) => offered.has(id)))];
  return {
    ...values,
    descriptionOfWork: draft.descriptionOfWork,
    workCompleted: draft.workCompleted === null ? values.workCompleted : draft.workCompleted ? 'yes' : 'no',
    categoryIds: categories.length > 0 ? categories : values.categoryIds,
  };
}
