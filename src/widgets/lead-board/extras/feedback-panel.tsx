import { useLayoutEffect, useRef, type FormEvent, type RefObject } from 'react';
import {
  FEEDBACK_REASONS,
  feedbackKind,
  reasonLabelKey,
  thankYouLink,
  type FeedbackReason,
  type FeedbackState,
  type ThankYouLink,
} from '../../../domain/feedback';
import { NOTES_MAX_LENGTH } from '../../../domain/notes';
import type { MessageKey } from '../../../i18n/en-US';
import type { NavigationKind } from '../../../contract/events';
import { useRuntime } from '../../../runtime/runtime';
import { useStyles } from '../../../runtime/styles';
import { StarRating } from '../../../ui/star-rating';
import starRatingCss from '../../../ui/star-rating.css?inline';
import feedbackPanelCss from './feedback-panel.css?inline';

export type FeedbackFormError = 'send' | 'reasonRequired' | 'otherRequired';

export interface FeedbackPanelProps {
  /** The popover's ids: the reason radios' name and the texts that describe its fields. */
  ids: { base: string; error: string; validation: string; notes: string };
  state: FeedbackState;
  sending: boolean;
  error: FeedbackFormError | null;
  /** 5 stars reached with the arrow keys, waiting for Submit. */
  fiveWaiting: boolean;
  starLabels: readonly string[];
  spId: number;
  /** The panel element (the popover's), searched for the star to focus. */
  panelRef: RefObject<HTMLDivElement | null>;
  /** Set by the popover: focus the stars when the panel shows; the thank-you when it came. */
  focusOnOpen: RefObject<boolean>;
  focusThanks: RefObject<boolean>;
  reasonsRef: RefObject<HTMLFieldSetElement | null>;
  notesRef: RefObject<HTMLTextAreaElement | null>;
  onClose(): void;
  onRate(rating: number, how: 'browse' | 'choose'): void;
  onReason(reason: FeedbackReason): void;
  onNotes(notes: string): void;
  onSubmitReason(event: FormEvent<HTMLFormElement>): void;
}

const STYLES = [starRatingCss, feedbackPanelCss];

const LINK_KIND: Record<ThankYouLink, NavigationKind> = { editServiceArea: 'edit-service-area', servicesOffered: 'services-offered' };

function thanksKey(state: Extract<FeedbackState, { step: 'thankYou' }>): MessageKey {
  return feedbackKind(state.rating) === 'starRating' ? 'feedback.thanks.rating' : `feedback.thanks.${state.reason}`;
}

/**
 * What the open feedback popover shows: the star rating, the reason step,
 * the thank-you. A part of its own (in card-extras-part.ts, loaded once an open card has
 * painted): the popover's trigger is in the card's first frame, its panel is not needed there.
 * The popover keeps the state and the sending; this renders it and focuses what it shows first.
 */
export function FeedbackPanel({
  ids,
  state,
  sending,
  error,
  fiveWaiting,
  starLabels,
  spId,
  panelRef,
  focusOnOpen,
  focusThanks,
  reasonsRef,
  notesRef,
  onClose,
  onRate,
  onReason,
  onNotes,
  onSubmitReason,
}: FeedbackPanelProps) {
  useStyles(STYLES);
  const { t, routes, onLinkClick } = useRuntime();
  const link = state.step === 'thankYou' ? thankYouLink(state.reason) : null;
  // The page's path is not in the spec: the link is there only with the host's route to it (and a URL the gate let through).
  const linkHref = link ? routes[link]?.({ serviceProviderId: spId }) : null;
  const thanksRef = useRef<HTMLDivElement>(null);

  // Opening puts focus on the stars (the chosen one, else the first) — also when this part
  // arrived after the tap; success puts it on the thank-you.
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (focusOnOpen.current && panel) {
      focusOnOpen.current = false;
      (panel.querySelector<HTMLElement>('input[type="radio"]:checked') ?? panel.querySelector<HTMLElement>('input[type="radio"]'))?.focus();
    }
    if (focusThanks.current && state.step === 'thankYou') {
      focusThanks.current = false;
      thanksRef.current?.focus();
    }
  }, [state.step, panelRef, focusOnOpen, focusThanks]);

  return (
    <>
      <button type="button" className="lk-icon-button lk-feedback__close" aria-label={t('feedback.close')} onClick={onClose}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
        </svg>
      </button>
      {state.step === 'thankYou' ? (
        <div ref={thanksRef} className="lk-feedback__thanks" tabIndex={-1}>
          <p>{t(thanksKey(state))}</p>
          {link && linkHref ? (
            <a href={linkHref} onClick={(event) => onLinkClick(event, LINK_KIND[link])}>
              {t(`feedback.thanks.${link}`)}
            </a>
          ) : null}
        </div>
      ) : (
        <>
          <StarRating
            label={t('feedback.ratingLabel')}
            starLabels={starLabels}
            value={state.rating}
            onChange={onRate}
            disabled={sending}
            describedBy={error === 'send' && state.step === 'rating' ? ids.error : undefined}
          />
          {fiveWaiting && state.step === 'rating' && state.rating === 5 ? (
            <button type="button" className="lk-button lk-feedback__submit" aria-disabled={sending || undefined} onClick={() => onRate(5, 'choose')}>
              {t('feedback.submit')}
            </button>
          ) : null}
          {state.step === 'reason' ? (
            <form className="lk-feedback__reason" noValidate onSubmit={onSubmitReason}>
              <fieldset
                ref={reasonsRef}
                className="lk-feedback__reasons"
                aria-describedby={error === 'reasonRequired' ? ids.validation : undefined}
                aria-invalid={error === 'reasonRequired' || undefined}
              >
                <legend className="lk-feedback__legend">{t('feedback.reasonLegend')}</legend>
                {FEEDBACK_REASONS.map((reason) => (
                  <label key={reason} className="lk-feedback__option">
                    <input type="radio" name={`${ids.base}-reason`} value={reason} checked={state.reason === reason} onChange={() => onReason(reason)} />
                    <span>{t(reasonLabelKey(reason))}</span>
                  </label>
                ))}
              </fieldset>
              {state.reason === 'Other' ? (
                <div className="lk-feedback__notes">
                  <label htmlFor={ids.notes}>{t('feedback.otherLabel')}</label>
                  <textarea
                    dir="auto"
                    ref={notesRef}
                    id={ids.notes}
                    rows={3}
                    maxLength={NOTES_MAX_LENGTH}
                    placeholder={t('feedback.otherPlaceholder')}
                    value={state.notes}
                    aria-invalid={error === 'otherRequired' || undefined}
                    aria-describedby={error === 'otherRequired' ? ids.validation : undefined}
                    onChange={(event) => onNotes(event.target.value)}
                  />
                </div>
              ) : null}
              {error === 'reasonRequired' || error === 'otherRequired' ? (
                <p id={ids.validation} className="lk-feedback__validation">
                  {t(error === 'reasonRequired' ? 'feedback.reasonRequired' : 'feedback.otherRequired')}
                </p>
              ) : null}
              <button
                type="submit"
                className="lk-button lk-feedback__submit"
                aria-disabled={sending || undefined}
                aria-describedby={error === 'send' ? ids.error : undefined}
              >
                {t('feedback.submit')}
              </button>
            </form>
          ) : null}
          {error === 'send' ? (
            <p id={ids.error} className="lk-feedback__error" role="alert">
              {t('error.feedback')}
            </p>
          ) : null}
        </>
      )}
    </>
  );
}
