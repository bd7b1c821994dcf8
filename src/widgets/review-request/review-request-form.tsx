import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { formatPhoneDisplay, formatPhoneInput } from '../../domain/core/phone';
import {
  FIELD_ORDER,
  REVIEW_AUTO_CLOSE_MS,
  REVIEW_DRAFT_SAVE_DELAY_MS,
  firstInvalidField,
  toBoardRequest,
  toDraftUpdate,
  validateReviewForm,
  type ReviewDraftUpdate,
  type ReviewFormField,
  type ReviewFormValues,
  type WorkCompleted,
} from '../../domain/review-form';
import { updateDraftReview } from '../../gateway/review/calls';
import { useRuntime } from '../../runtime/runtime';
import { useFormat } from '../../runtime/use-format';
import { BreakableEmail } from '../../ui/breakable-email';
import { Field, FieldError, fieldErrorId, type FieldLook } from '../../ui/field';
import { FormActions, type FormActionsLook } from '../../ui/form-actions';
import { MultiSelect } from '../../ui/multi-select';
import type { ReviewRequestData } from './review-request-atoms';
import { ReviewRequestSender } from './review-request.logic';

type Phase = 'summary' | 'edit' | 'sent';

/** How the review form's fields and action row look (review-request.css). */
const LOOK: FieldLook = { className: 'lk-review-request__field', errorClassName: 'lk-review-request__error', errorPart: 'review-field-error' };
const ACTIONS: FormActionsLook = { className: 'lk-review-request__actions', busyClassName: 'lk-review-request__sending' };

/**
 * The modal's content once its data is loaded: the contact summary, the form after 'Edit',
 * then the thank-you message. Submitting from the summary validates the same way; an invalid
 * pre-fill (a masked phone prefills empty) opens the form with the errors shown.
 *
 * Errors are shown after the first submit and then follow the values as they change. Sending
 * is the ReviewRequestSender's (review-request.logic.ts, React-free so the fault runs drive it):
 * each submit that reaches the gateway carries an Idempotency-Key; sending the same payload
 * again after a failure reuses it (a lost answer is replayed rather than sent twice), a payload
 * not sent before gets a new one. Clicks while a request is in flight are ignored.
 *
 * The draft review (domain/review-form `REVIEW_DRAFT_SAVE_DELAY_MS`): what the provider
 * changes about the work is saved into the lead's draft 800 ms after the last change (a newer
 * save aborts an older one still in flight) and, when the modal closes with changes not saved
 * yet, at once. Sending stops it: the request fills in the draft server-side. A failed save
 * shows nothing (the form still holds the values; the next change or the close saves again).
 */
export function ReviewRequestForm({ data, onDone }: { data: ReviewRequestData; onDone(): void }) {
  const { t, client, emit } = useRuntime();
  const format = useFormat();
  const baseId = useId();
  const [values, setValues] = useState<ReviewFormValues>(data.initial);
  // Nothing known of the customer (the pre-fill failed or was empty): the form, to be typed.
  const [phase, setPhase] = useState<Phase>(data.contactKnown ? 'summary' : 'edit');
  const [attempted, setAttempted] = useState(false);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const [focusRequest, setFocusRequest] = useState<{ field: ReviewFormField } | null>(null);
  const [sender] = useState(() => new ReviewRequestSender());
  const fieldRefs = useRef<Partial<Record<ReviewFormField, HTMLElement | null>>>({});
  const categoriesRef = useRef<HTMLDivElement>(null);
  const thanksRef = useRef<HTMLParagraphElement>(null);
  const onDoneRef = useRef(onDone);
  useLayoutEffect(() => {
    onDoneRef.current = onDone;
  });

  const draftId = data.draftReviewId;
  const draftBody = JSON.stringify(toDraftUpdate(values));
  /** The draft body the server has (as far as this form knows); starts as what the form starts with. */
  const savedDraftRef = useRef(JSON.stringify(toDraftUpdate(data.initial)));
  const draftAbortRef = useRef<AbortController | null>(null);
  /** What the close-time save needs: the latest body and whether the request was sent. */
  const latestRef = useRef({ draftBody, sent: false, client });
  useLayoutEffect(() => {
    latestRef.current = { draftBody, sent: phase === 'sent', client };
  });

  const errors = attempted ? validateReviewForm(values) : {};
  // A pre-fill without the lead's postal code (row L6): the pro types it (the request needs one).
  const asksPostalCode = data.postalCode === null;
  const [postalCode, setPostalCode] = useState(data.postalCode ?? '');
  const postalCodeValid = /^\d{5}$/.test(postalCode.trim());
  const postalCodeError = attempted && asksPostalCode && !postalCodeValid;
  const postalCodeRef = useRef<HTMLInputElement>(null);
  // Asked to focus the field once it is rendered (a submit from the summary renders it first).
  const [focusPostalCode, setFocusPostalCode] = useState(0);
  useEffect(() => {
    if (focusPostalCode > 0) postalCodeRef.current?.focus();
  }, [focusPostalCode]);
  const idOf = (field: ReviewFormField) => `${baseId}-${field}`;
  const errorIdOf = (field: ReviewFormField) => fieldErrorId(idOf(field));

  // Closing: abort a request still in flight; save the draft if it has unsaved changes.
  useEffect(
    () => () => {
      sender.abort();
      const latest = latestRef.current;
      if (!draftId || latest.sent || latest.draftBody === savedDraftRef.current) return;
      draftAbortRef.current?.abort();
      // Not aborted: the modal is going away, the save must still land.
      void updateDraftReview(latest.client, draftId, JSON.parse(latest.draftBody) as ReviewDraftUpdate).catch(() => undefined);
    },
    [draftId, sender],
  );

  // Save the work into the draft a moment after the last change (not while sending or sent).
  useEffect(() => {
    if (!draftId || phase === 'sent' || sending || draftBody === savedDraftRef.current) return;
    const timer = setTimeout(() => {
      draftAbortRef.current?.abort();
      const controller = new AbortController();
      draftAbortRef.current = controller;
      updateDraftReview(client, draftId, JSON.parse(draftBody) as ReviewDraftUpdate, { signal: controller.signal }).then(
        () => {
          savedDraftRef.current = draftBody;
        },
        () => undefined,
      );
    }, REVIEW_DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [client, draftId, draftBody, phase, sending]);

  // The thank-you message stays 5 s (docs/architecture.md#review-constants), then the modal closes (sooner through ×/Esc).
  useEffect(() => {
    if (phase !== 'sent') return;
    thanksRef.current?.focus();
    const timer = setTimeout(() => onDoneRef.current(), REVIEW_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  // The multi-select takes no ARIA props of its own: its button gets the error wiring here.
  const categoriesError = errors.categoryIds;
  useLayoutEffect(() => {
    const button = categoriesRef.current?.querySelector('button');
    if (!button) return;
    if (categoriesError) {
      button.setAttribute('aria-invalid', 'true');
      button.setAttribute('aria-describedby', errorIdOf('categoryIds'));
    } else {
      button.removeAttribute('aria-invalid');
      button.removeAttribute('aria-describedby');
    }
  });

  useEffect(() => {
    if (!focusRequest) return;
    const target = focusRequest.field === 'categoryIds' ? categoriesRef.current?.querySelector('button') : fieldRefs.current[focusRequest.field];
    target?.focus();
  }, [focusRequest]);

  const set = <K extends ReviewFormField>(field: K, value: ReviewFormValues[K]) => setValues((current) => ({ ...current, [field]: value }));

  /** 'Edit': the button leaves with the summary, so focus goes to the first field. */
  function startEditing() {
    setPhase('edit');
    setFocusRequest({ field: FIELD_ORDER[0] ?? 'firstName' });
  }

  async function submit() {
    if (sender.sending || phase === 'sent') return;
    setAttempted(true);
    const invalid = firstInvalidField(validateReviewForm(values));
    if (invalid !== null) {
      setPhase('edit');
      setFocusRequest({ field: invalid });
      return;
    }
    if (!postalCodeValid) {
      setPhase('edit');
      setFocusPostalCode((n) => n + 1);
      return;
    }
    const board = toBoardRequest(values, { serviceProviderId: data.spId, postalCode: postalCode.trim() });
    // The request writes the work into the draft: an older save landing after it would undo that.
    draftAbortRef.current?.abort();
    setSending(true);
    setFailed(false);
    const outcome = await sender.send(client, board);
    // Closed meanwhile: nothing more to show.
    if (outcome.kind === 'aborted' || outcome.kind === 'busy') return;
    setSending(false);
    if (outcome.kind === 'sent') {
      savedDraftRef.current = JSON.stringify(toDraftUpdate(values));
      setPhase('sent');
      emit('lk-review-request', { leadId: data.leadId, draftReviewId: outcome.draftReviewId });
    } else {
      // Any failure keeps the form (and what was typed) with the spec's alert.
      setPhase('edit');
      setFailed(true);
    }
  }

  if (phase === 'sent') {
    return (
      <p ref={thanksRef} className="lk-review-request__thanks" part="review-thanks" role="status" tabIndex={-1}>
        {t('review.thanks')}
      </p>
    );
  }

  const selectedNames = data.categories.filter((c) => values.categoryIds?.includes(c.id)).map((c) => c.name);
  const fieldRef = (field: ReviewFormField) => (node: HTMLElement | null) => {
    fieldRefs.current[field] = node;
  };
  const errorOf = (field: ReviewFormField) => {
    const key = errors[field];
    return key ? t(key) : null;
  };
  /** The error text of a field that is not a Field (the categories' menu button, the radios' group). */
  const errorText = (field: ReviewFormField): ReactNode => {
    const error = errorOf(field);
    return error ? (
      <FieldError id={errorIdOf(field)} look={LOOK}>
        {error}
      </FieldError>
    ) : null;
  };
  const textField = (field: 'firstName' | 'lastName' | 'emailAddress' | 'phoneNumber', label: string, type: string, autoComplete: string) => (
    <Field look={LOOK} key={field} id={idOf(field)} label={label} error={errorOf(field)}>
      {(control) => (
        <input
          {...control}
          ref={fieldRef(field)}
          className="lk-input"
          type={type}
          autoComplete={autoComplete}
          value={field === 'phoneNumber' ? formatPhoneInput(values.phoneNumber) : values[field]}
          onChange={(event) => set(field, field === 'phoneNumber' ? formatPhoneInput(event.target.value) : event.target.value)}
        />
      )}
    </Field>
  );

  const fields: Record<ReviewFormField, ReactNode> = {
    firstName: textField('firstName', t('review.firstName'), 'text', 'off'),
    lastName: textField('lastName', t('review.lastName'), 'text', 'off'),
    emailAddress: textField('emailAddress', t('review.email'), 'email', 'off'),
    phoneNumber: textField('phoneNumber', t('review.phone'), 'tel', 'off'),
    categoryIds: (
      <div className="lk-review-request__field" key="categoryIds" ref={categoriesRef} id={idOf('categoryIds')}>
        <MultiSelect
          label={t('review.categories')}
          options={data.categories.map((c) => ({ value: String(c.id), label: c.name }))}
          selected={(values.categoryIds ?? []).map(String)}
          onChange={(selected) => set('categoryIds', selected.map(Number))}
          // The chosen names themselves ('Heating & A/C, AC Installation'), cut with an ellipsis.
          summary={selectedNames.length === 0 ? t('review.categoriesNone') : selectedNames.join(', ')}
          part="review-categories"
          placement="inline"
        />
        {errorText('categoryIds')}
      </div>
    ),
    workCompleted: (
      <fieldset
        className="lk-review-request__field lk-review-request__radios"
        key="workCompleted"
        aria-invalid={errors.workCompleted ? true : undefined}
        aria-describedby={errors.workCompleted ? errorIdOf('workCompleted') : undefined}
      >
        <legend dir="auto">{t('review.workCompleted')}</legend>
        {(['yes', 'no'] as const satisfies readonly WorkCompleted[]).map((answer, index) => (
          <label key={answer} className="lk-review-request__radio">
            <input
              ref={index === 0 ? (node) => void (fieldRefs.current.workCompleted = node) : undefined}
              type="radio"
              name={idOf('workCompleted')}
              value={answer}
              checked={values.workCompleted === answer}
              onChange={() => set('workCompleted', answer)}
            />
            {t(answer === 'yes' ? 'review.yes' : 'review.no')}
          </label>
        ))}
        {errorText('workCompleted')}
      </fieldset>
    ),
    descriptionOfWork: (
      <Field look={LOOK} key="descriptionOfWork" id={idOf('descriptionOfWork')} label={t('review.descriptionOfWork')} error={errorOf('descriptionOfWork')}>
        {(control) => (
          <textarea
            dir="auto"
            {...control}
            ref={fieldRef('descriptionOfWork')}
            className="lk-input lk-review-request__textarea"
            rows={3}
            value={values.descriptionOfWork}
            onChange={(event) => set('descriptionOfWork', event.target.value)}
          />
        )}
      </Field>
    ),
  };

  const name = `${values.firstName} ${values.lastName}`.trim();
  const notProvided = t('review.notProvided');
  return (
    <form
      className="lk-review-request"
      part="review-form"
      noValidate
      aria-busy={sending}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {failed ? (
        <p className="lk-review-request__alert" part="review-alert" role="alert">
          {t('error.reviewRequest')}
        </p>
      ) : null}
      {data.requestedAt ? (
        <p className="lk-review-request__notice" part="review-already-requested">
          {t('review.alreadyRequested', { date: format.boardDate(data.requestedAt) })}
        </p>
      ) : null}
      {phase === 'summary' ? (
        <section className="lk-review-request__summary" part="review-summary" aria-labelledby={`${baseId}-contact`}>
          <div className="lk-review-request__summary-header">
            <h3 id={`${baseId}-contact`} className="lk-review-request__subtitle">
              {t('review.contact')}
            </h3>
            <button type="button" className="lk-button" data-variant="secondary" part="review-edit" onClick={startEditing}>
              {t('review.edit')}
            </button>
          </div>
          <dl className="lk-review-request__contact">
            <dt>{t('review.name')}</dt>
            <dd>{name || notProvided}</dd>
            <dt>{t('review.email')}</dt>
            <dd>{values.emailAddress ? <BreakableEmail address={values.emailAddress} /> : notProvided}</dd>
            <dt>{t('review.phone')}</dt>
            <dd>{values.phoneNumber ? formatPhoneDisplay(values.phoneNumber) : notProvided}</dd>
            <dt>{t('review.categories')}</dt>
            <dd>{selectedNames.length ? selectedNames.join(', ') : notProvided}</dd>
            {values.descriptionOfWork.trim() ? (
              <>
                <dt>{t('review.descriptionOfWork')}</dt>
                <dd className="lk-review-request__description">{values.descriptionOfWork.trim()}</dd>
              </>
            ) : null}
          </dl>
        </section>
      ) : (
        <>
          {FIELD_ORDER.map((field) => fields[field])}
          {asksPostalCode ? (
            <Field look={LOOK} id={`${baseId}-postalCode`} label={t('review.postalCode')} error={postalCodeError ? t('review.postalCodeInvalid') : null}>
              {(control) => (
                <input
                  {...control}
                  ref={postalCodeRef}
                  className="lk-input"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={5}
                  value={postalCode}
                  onChange={(event) => setPostalCode(event.target.value.replace(/\D/g, ''))}
                />
              )}
            </Field>
          ) : null}
        </>
      )}
      <FormActions look={ACTIONS} label={t('review.submit')} part="review-submit" busy={sending} busyText={t('review.sending')} />
    </form>
  );
}
