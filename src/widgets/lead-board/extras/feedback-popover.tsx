import { Suspense, useEffect, useId, useLayoutEffect, useRef, useState, type FocusEvent, type FormEvent, type KeyboardEvent } from 'react';
import {
  chooseReason,
  editNotes,
  FEEDBACK_RATINGS,
  feedbackAfterRating,
  feedbackKind,
  feedbackSubmitted,
  initialFeedbackState,
  isFeedbackRating,
  onOutsideClose,
  reasonSubmission,
  starLabelKey,
  type FeedbackRating,
  type FeedbackReason,
  type FeedbackState,
  type FeedbackSubmission,
} from '../../../domain/feedback';
import { submitLeadFeedback } from '../../../gateway/office/feedback';
import type { Lead } from '../../../gateway/office/schemas';
import { useRuntime } from '../../../runtime/runtime';
import { useStyles } from '../../../runtime/styles';
import { Skeleton } from '../../../ui/core/skeleton';
import { FeedbackPanel } from './card-extras-loader';
import type { FeedbackFormError } from './feedback-panel';
import feedbackCss from './feedback.css?inline';
import { useBoardAnalytics } from '../board-analytics';

/** What the board stores on the lead after a successful submission. */
export interface SavedFeedback {
  readonly rating: FeedbackRating;
  readonly reason: FeedbackReason;
}

export interface FeedbackPopoverProps {
  /** The lead rated; its stored `feedback` (if any) is the prior rating. */
  lead: Pick<Lead, 'leadId' | 'feedback'>;
  spId: number;
  /** Called once the gateway accepted the feedback: store it on the lead. */
  onSaved: (feedback: SavedFeedback) => void;
  /** Which edge of the trigger the panel lines up with: 'end' for a trigger at the card's end. Default 'start'. */
  align?: 'start' | 'end';
}

/** Analytics event names: under 5 stars is submitted feedback, 5 stars a star rating. */
const FEEDBACK_ANALYTICS = { feedback: 'Lead Feedback Submitted', starRating: 'Lead Star Rating' } as const;

const STYLES = [feedbackCss];

/**
 * The lead-feedback popover: a trigger button and, under it, a disclosure
 * panel with the star rating; 5 stars is sent at once (reason 'Other'), 1–4 stars ask why.
 * After the gateway accepts, a reason-specific thank-you (with a link to fix the service area
 * or services offered where that is the reason), `onSaved` and one analytics event.
 *
 * Closing: the trigger toggles; Esc or the close button close and return focus to the trigger;
 * a press outside (watched on the component's root node and, inside a shadow root, on the
 * document) or focus leaving closes too. Without prior feedback an unsent rating is forgotten
 * on close (domain `onOutsideClose`).
 *
 * Sending: one request at a time (a double click sends once); the stars and Submit are
 * aria-disabled meanwhile rather than disabled, so keyboard focus is not dropped. On failure
 * the spec's message shows as an alert; the reason step keeps what was chosen and typed, a
 * 5-star pick rolls the stars back to what they showed before, and nothing is stored on the
 * lead — choosing again retries.
 *
 * This holds the state, the trigger and the sending; what the open panel shows is its own part
 * (feedback-panel.tsx, with the card's other extras): the trigger is in the card's first frame,
 * the stars and the reason form come after it.
 */
export function FeedbackPopover({ lead, spId, onSaved, align = 'start' }: FeedbackPopoverProps) {
  useStyles(STYLES);
  const { t, client } = useRuntime();
  const analytics = useBoardAnalytics();
  const baseId = useId();
  const triggerId = `${baseId}-trigger`;
  const panelId = `${baseId}-panel`;
  const errorId = `${baseId}-error`;
  const validationId = `${baseId}-validation`;
  const notesId = `${baseId}-notes`;

  const [open, setOpen] = useState(false);
  const [state, setState] = useState<FeedbackState>(() => initialFeedbackState(lead.feedback));
  /** Feedback saved in this session, until the lead itself carries it. */
  const [saved, setSaved] = useState<SavedFeedback | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<FeedbackFormError | null>(null);
  /** 5 stars reached with the arrow keys: shown, sent only with Submit (or Space/Enter/click on it). */
  const [fiveWaiting, setFiveWaiting] = useState(false);
  /** The reason step's answers while the arrows rest on 5 (restored when they come back). */
  const reasonDraft = useRef<Extract<FeedbackState, { step: 'reason' }> | null>(null);

  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const notesRef = useRef<HTMLTextAreaElement>(null);
  const reasonsRef = useRef<HTMLFieldSetElement>(null);
  const sendingRef = useRef(false);
  /** Read after an await: whether the panel is still open when the answer comes. */
  const openRef = useRef(open);
  const focusOnOpen = useRef(false);
  const focusThanks = useRef(false);

  // The lead changed under us (another lead, or the board stored new feedback): start from it.
  const leadKey = `${lead.leadId}:${lead.feedback?.rating ?? ''}`;
  const [syncedKey, setSyncedKey] = useState(leadKey);
  if (syncedKey !== leadKey) {
    setSyncedKey(leadKey);
    setSaved(null);
    if (!open) {
      setState(initialFeedbackState(lead.feedback));
      setError(null);
    }
  }

  const storedRating = lead.feedback?.rating;
  const priorRating: FeedbackRating | null = saved?.rating ?? (isFeedbackRating(storedRating) ? storedRating : null);
  const hadPriorFeedback = priorRating !== null;

  function close(returnFocus: boolean) {
    setOpen(false);
    setError(null);
    // An arrowed-to 5 that was never submitted is dropped: the stars show what is stored.
    setState((current) => (fiveWaiting ? initialFeedbackState({ rating: priorRating }) : onOutsideClose(current, hadPriorFeedback)));
    setFiveWaiting(false);
    reasonDraft.current = null;
    if (returnFocus) triggerRef.current?.focus();
  }

  function toggle() {
    if (open) {
      close(false);
      return;
    }
    focusOnOpen.current = true;
    setOpen(true);
  }

  const closeRef = useRef(close);
  useLayoutEffect(() => {
    closeRef.current = close;
    openRef.current = open;
  });

  // Presses outside close it: inside a shadow root the root node sees presses in the widget,
  // the document those elsewhere on the host page (they never reach the shadow root).
  useEffect(() => {
    const element = rootRef.current;
    if (!open || !element) return;
    const root = element.getRootNode();
    const doc = element.ownerDocument;
    const host = root !== doc && 'host' in root ? (root as ShadowRoot).host : null;
    const onRootPress = (event: Event) => {
      if (!event.composedPath().includes(element)) closeRef.current(false);
    };
    const onDocumentPress = (event: Event) => {
      if (host && !event.composedPath().includes(host)) closeRef.current(false);
    };
    root.addEventListener('pointerdown', onRootPress);
    if (host) doc.addEventListener('pointerdown', onDocumentPress);
    return () => {
      root.removeEventListener('pointerdown', onRootPress);
      if (host) doc.removeEventListener('pointerdown', onDocumentPress);
    };
  }, [open]);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    // An enclosing dialog must not close too.
    event.stopPropagation();
    close(true);
  }

  function handleBlur(event: FocusEvent<HTMLDivElement>) {
    const next = event.relatedTarget;
    // null: focus went nowhere we know (window switch, a press on text) — presses handle that.
    if (open && next instanceof Node && !rootRef.current?.contains(next)) close(false);
  }

  async function send(submission: FeedbackSubmission, rollback: FeedbackState | null) {
    if (sendingRef.current) return;
    sendingRef.current = true;
    setSending(true);
    setError(null);
    try {
      await submitLeadFeedback(client, spId, {
        leadId: lead.leadId,
        rating: submission.rating,
        reason: submission.reason,
        notes: submission.notes ?? '',
      });
    } catch {
      if (rollback) setState(rollback);
      setError('send');
      return;
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
    const feedback: SavedFeedback = { rating: submission.rating, reason: submission.reason };
    const thankYou = feedbackSubmitted(submission);
    setSaved(feedback);
    if (openRef.current) {
      focusThanks.current = true;
      setState(thankYou);
    } else {
      // Closed while sending: the next open starts on the stars, showing the saved rating.
      setState(onOutsideClose(thankYou, true));
    }
    analytics.track(FEEDBACK_ANALYTICS[feedbackKind(submission.rating)], { leadId: lead.leadId, serviceProviderId: spId, rating: submission.rating });
    onSaved(feedback);
  }

  /**
   * A star picked. 5 stars is sent at once when chosen (click, Space, Enter); reached with the
   * arrow keys it waits for Submit, so arrowing across the scale sends nothing by accident.
   * Re-choosing the star already shown changes nothing (unless it waits for Submit).
   */
  function rate(rating: number, how: 'browse' | 'choose') {
    if (sendingRef.current || !isFeedbackRating(rating)) return;
    if (how === 'choose' && rating === state.rating && !(rating === 5 && fiveWaiting)) return;
    setError(null);
    const next = feedbackAfterRating(rating);
    setFiveWaiting('submit' in next && how === 'browse');
    if ('submit' in next) {
      if (how === 'browse') {
        // Passing over 5 with the arrows keeps the reason and text given so far for the way back.
        reasonDraft.current = state.step === 'reason' ? state : null;
        setState(initialFeedbackState({ rating }));
        return;
      }
      // Back to what was there before the arrows, should the send fail.
      const before = fiveWaiting ? initialFeedbackState({ rating: priorRating }) : state;
      setState(initialFeedbackState({ rating }));
      void send(next.submit, before);
      return;
    }
    // Changing the stars on the reason step (or back from an arrowed-to 5) keeps the reason and
    // text already given.
    let reasonStep = next.state;
    const given = state.step === 'reason' ? state : fiveWaiting ? reasonDraft.current : null;
    if (given) {
      if (given.reason) reasonStep = chooseReason(reasonStep, given.reason);
      reasonStep = editNotes(reasonStep, given.notes);
    }
    reasonDraft.current = null;
    setState(reasonStep);
  }

  function submitReason(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sendingRef.current || state.step !== 'reason') return;
    const submission = reasonSubmission(state);
    if (!submission) {
      if (state.reason === null) {
        setError('reasonRequired');
        reasonsRef.current?.querySelector<HTMLElement>('input[type="radio"]')?.focus();
      } else {
        setError('otherRequired');
        notesRef.current?.focus();
      }
      return;
    }
    void send(submission, null);
  }

  const starLabels = FEEDBACK_RATINGS.map((rating) => t(starLabelKey(rating)));
  const triggerText = priorRating === null ? t('feedback.trigger') : t('feedback.triggerRated', { label: t(starLabelKey(priorRating)) });
  // The trigger is as wide as its longest text from the start: giving a rating moves nothing beside it.
  const triggerTexts = [t('feedback.trigger'), ...starLabels.map((label) => t('feedback.triggerRated', { label }))];
  const widestText = triggerTexts.reduce((widest, text) => (text.length > widest.length ? text : widest));

  return (
    <div ref={rootRef} className="lk-feedback" part="feedback" onKeyDown={handleKeyDown} onBlur={handleBlur}>
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        className="lk-feedback__trigger"
        part="feedback-trigger"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <span className="lk-feedback__trigger-stars" aria-hidden="true">
          {FEEDBACK_RATINGS.map((rating) => (
            <span key={rating} data-filled={priorRating !== null && rating <= priorRating} />
          ))}
        </span>
        <span className="lk-feedback__trigger-text">
          <span>{triggerText}</span>
          <span className="lk-feedback__trigger-sizer" aria-hidden="true">
            {widestText}
          </span>
        </span>
      </button>
      <div
        ref={panelRef}
        id={panelId}
        className="lk-feedback__panel"
        part="feedback-panel"
        data-align={align}
        role="group"
        aria-labelledby={triggerId}
        hidden={!open}
      >
        {open ? (
          // The panel's code comes after the open card's first frame (card-extras-part.ts): by
          // a tap it is here; before it, the panel holds the stars' place.
          <Suspense fallback={<Skeleton width={184} height={32} />}>
            <FeedbackPanel
              ids={{ base: baseId, error: errorId, validation: validationId, notes: notesId }}
              state={state}
              sending={sending}
              error={error}
              fiveWaiting={fiveWaiting}
              starLabels={starLabels}
              spId={spId}
              panelRef={panelRef}
              focusOnOpen={focusOnOpen}
              focusThanks={focusThanks}
              reasonsRef={reasonsRef}
              notesRef={notesRef}
              onClose={() => close(true)}
              onRate={rate}
              onReason={(reason) => {
                setError(null);
                setState((current) => chooseReason(current, reason));
              }}
              onNotes={(notes) => {
                if (error === 'otherRequired') setError(null);
                setState((current) => editNotes(current, notes));
              }}
              onSubmitReason={submitReason}
            />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
