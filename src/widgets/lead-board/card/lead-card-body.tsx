import { Suspense, useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai/react';
import { LEAD_STATUSES, leadStatusLabelKey, shouldPromptReviewOnStatus, type LeadStatus } from '../../../domain/lead-status';
import { leadNotesDraftKey } from '../../../domain/draft-keys';
import { NOTES_MAX_LENGTH, notesLength, validateNotes } from '../../../domain/notes';
import type { Lead } from '../../../gateway/office/schemas';
import { FLAG_NAMES } from '../../../contract/flags';
import { useRuntime } from '../../../runtime/runtime';
import { useStyles } from '../../../runtime/styles';
import { MenuButton } from '../../../ui/menu-button';
import menuButtonCss from '../../../ui/menu-button.css?inline';
import leadCardBodyCss from './lead-card-body.css?inline';
import { Select } from '../../../ui/select';
import { useAfterPaint } from '../../../ui/use-after-paint';
import { useDraft } from '../../../ui/use-draft';
import { useMayReadBrowser } from '../../../ui/use-may-read-browser';
import { boardDraftsAtom } from '../board-host';
import { contactsWithheldAtom, fetchWithheldContactsAtom } from '../board-page';
import { boardInputsAtom } from '../view/view-atoms';
import { Skeleton } from '../../../ui/core/skeleton';
import {
  chooseLeadStatusAtom,
  insuranceHiddenForAllAtom,
  markNumberConnectedAtom,
  openJobNotesAtom,
  saveLeadNotesAtom,
  sendLeadStatusNowAtom,
  setLeadFeedbackAtom,
} from '../changes/card-atoms';
import { statusFailuresAtom } from '../changes/change-outcomes';
import { FeedbackPopover } from '../extras/feedback-popover';
import { hiddenInsuranceLeadIds, InsurancePlaceholder, insuranceOfferShows } from '../extras/insurance-offer';
import { ClosePrompt, ConnectNumberDialog, ContactDetails, InsuranceBanner, JobNotesDialog, ReviewRequestPart } from '../extras/card-extras-loader';
import { useShowsConnectNumbers } from '../extras/connect-numbers';
import { leadPlace } from '../list/lead-board.logic';
import { MessageLink, type MessageTarget } from '../list/message-link';
import { useCardActions } from '../list/card-actions';
import { rememberAnswered } from '../../../domain/answered-leads';
import { CalendarAction } from './calendar-action';
import { useRefusedNotes, useReviewPromptDue } from './use-outbox-landings';

const STYLES = [menuButtonCss, leadCardBodyCss];

/** Questions shown before 'Read More'. */
const QA_PREVIEW = 4;

export interface LeadCardBodyProps {
  lead: Lead;
  /** Where its Message link leads: the header's Message button's target. */
  message: MessageTarget;
}

/** The expanded card: location and contact, the Message link, status, notes, details, actions (its menu's from the store, as the card's). */
export function LeadCardBody({ lead, message }: LeadCardBodyProps) {
  useStyles(STYLES);
  const { t, flags } = useRuntime();
  const contentRef = useRef<HTMLDivElement>(null);
  const { toggleRead, archive } = useCardActions(contentRef);
  const setFeedback = useSetAtom(setLeadFeedbackAtom);
  const { spId } = useAtomValue(boardInputsAtom);
  const place = leadPlace(lead);
  const openJobNotes = useSetAtom(openJobNotesAtom);
  const [reviewOpen, setReviewOpen] = useState(false);
  const [promptOpen, setPromptOpen] = useState(false);
  // Closing a lead as won is the moment to ask for a review (behind the experiment) — once the
  // gateway took the status (chosen here, or offline and sent later), never after a rollback.
  const reviewExperiment = flags[FLAG_NAMES.newReviewRequest] === true;
  useReviewPromptDue(
    lead.leadId,
    useCallback(() => {
      if (shouldPromptReviewOnStatus('ClosedWon', reviewExperiment)) setPromptOpen(true);
    }, [reviewExperiment]),
  );
  // Closed dialogs are not in the first frame of an expanded card: they mount right after it,
  // and their code (card-extras-part.ts) is fetched then, not before the board's first card.
  // Everything with a height renders in that first frame: content arriving a frame later would
  // move the cards under it (a layout shift once that frame comes 500 ms after the tap, as on a
  // busy phone).
  const afterPaint = useAfterPaint();
  const menuItems = [
    { id: 'job-notes', label: t('jobNotes.open'), onSelect: () => openJobNotes(lead) },
    { id: 'read', label: t(lead.read ? 'board.markUnread' : 'board.markRead'), onSelect: () => toggleRead(lead) },
    ...(lead.isArchived ? [] : [{ id: 'archive', label: t('board.archiveLead'), onSelect: () => archive(lead, true) }]),
  ];

  return (
    <div ref={contentRef} className="lk-card__content">
      <div className="lk-card__row">
        <section className="lk-card__section">
          <h3 className="lk-card__heading">{t('board.location')}</h3>
          <p>{place || '—'}</p>
          <ContactReveal lead={lead} />
          {/* The card's own Message link (after location and contact), besides the header's button. */}
          <p className="lk-card__message">
            <MessageLink lead={lead} target={message} look="link" part="message-link" />
          </p>
        </section>
        <div className="lk-card__controls">
          <StatusSelect lead={lead} />
          {spId !== null ? (
            <FeedbackPopover lead={lead} spId={spId} align="end" onSaved={(feedback) => setFeedback({ leadId: lead.leadId, feedback })} />
          ) : null}
          <MenuButton label={t('board.moreActions')} items={menuItems} />
        </div>
      </div>
      <ConnectNumbers lead={lead} />
      {lead.description ? (
        <section className="lk-card__section">
          <h3 className="lk-card__heading">{t('board.customerNotes')}</h3>
          <p className="lk-pre" dir="auto">
            {lead.description}
          </p>
        </section>
      ) : null}
      <NotesEditor lead={lead} />
      {afterPaint ? (
        <Suspense fallback={null}>
          <JobNotesDialog lead={lead} />
        </Suspense>
      ) : null}
      {spId !== null ? (
        <div className="lk-card__review">
          <button type="button" className="lk-button" data-variant="secondary" onClick={() => setReviewOpen(true)}>
            {t('board.requestReview')}
          </button>
          <CalendarAction lead={lead} spId={spId} />
          {afterPaint ? (
            <Suspense fallback={null}>
              <ReviewRequestPart spId={spId} leadId={lead.leadId} open={reviewOpen} onClose={() => setReviewOpen(false)} />
              <ClosePrompt
                open={promptOpen}
                onClose={() => setPromptOpen(false)}
                onRequestReview={() => {
                  setPromptOpen(false);
                  setReviewOpen(true);
                }}
              />
            </Suspense>
          ) : null}
        </div>
      ) : null}
      {lead.questionsAndAnswers.length ? <ProjectDetails lead={lead} /> : null}
      {/* The insurance offer comes after the lead's own details, never before them; at the card's
          end, below a phone's (and a desktop's) first screen, its code follows the card's first
          frame. Its place is held in that frame, so the cards under it stay put. */}
      {spId !== null ? <InsuranceSlot lead={lead} spId={spId} afterPaint={afterPaint} /> : null}
    </div>
  );
}

/**
 * 'Lead status'. The card header follows each change at once; the gateway gets the
 * final choice once, a moment after the last change or when the select is left (see
 * `chooseLeadStatusAtom`), so stepping through the closed select with the arrow keys sends one
 * request. A failure rolls back and says so here, beside the select, until a change succeeds.
 */
function StatusSelect({ lead }: { lead: Lead }) {
  const { t } = useRuntime();
  const choose = useSetAtom(chooseLeadStatusAtom);
  const sendNow = useSetAtom(sendLeadStatusNowAtom);
  const failures = useAtomValue(statusFailuresAtom).get(lead.leadId) ?? 0;
  const errorId = useId();
  return (
    <>
      <Select<LeadStatus>
        label={t('board.leadStatus')}
        value={lead.status}
        options={LEAD_STATUSES.map((status) => ({ value: status, label: t(leadStatusLabelKey(status)) }))}
        describedBy={failures > 0 ? errorId : undefined}
        onBlur={() => void sendNow(lead.leadId)}
        onChange={(status) => void choose({ lead, status })}
      />
      {failures > 0 ? (
        // Keyed by the failure count: a repeated failure is inserted anew, so it is announced again.
        <p key={failures} id={errorId} className="lk-field-error lk-card__status-error" role="alert">
          {t('board.error.status')}
        </p>
      ) : null}
    </>
  );
}

/** 'Contact' reveals phone, e-mail and address. */
function ContactReveal({ lead }: { lead: Lead }) {
  const { t, now } = useRuntime();
  const { spId } = useAtomValue(boardInputsAtom);
  const [shown, setShown] = useState(false);
  // The page came from a server's first screen, without contact details: reaching for 'Contact'
  // (pointer, focus, tap) fetches the page again, quietly, and they come with it (board-page.ts).
  const withheld = useAtomValue(contactsWithheldAtom);
  const fetchContacts = useSetAtom(fetchWithheldContactsAtom);
  const toggle = () => {
    fetchContacts();
    // The pro is about to call: the lead's respond-first cue ends (on this device).
    if (!shown && spId !== null) rememberAnswered(spId, lead.leadId, now());
    setShown((value) => !value);
  };
  const id = useId();
  return (
    <div className="lk-contact">
      <button
        type="button"
        className="lk-link-button"
        aria-expanded={shown}
        aria-controls={id}
        onClick={toggle}
        onPointerEnter={fetchContacts}
        onFocus={fetchContacts}
      >
        {t(shown ? 'board.hideContact' : 'board.contact')}
      </button>
      {/* The details are made when asked for: an opened card's first frame does without them (their code comes after it: card-extras-part.ts). */}
      <dl id={id} className="lk-contact__list" hidden={!shown} aria-busy={shown && withheld ? true : undefined}>
        {shown ? (
          <Suspense fallback={null}>
            {withheld ? (
              <div>
                <dt>{t('board.phone')}</dt>
                <dd>
                  <span className="lk-visually-hidden">{t('board.contactLoading')}</span>
                  <Skeleton width={120} height="1em" />
                </dd>
              </div>
            ) : (
              <ContactDetails lead={lead} />
            )}
          </Suspense>
        ) : null}
      </dl>
    </div>
  );
}

/** Four questions, then 'Read More' / 'Read Less' for the rest. */
function ProjectDetails({ lead }: { lead: Lead }) {
  const { t } = useRuntime();
  const [all, setAll] = useState(false);
  const id = useId();
  const rows = all ? lead.questionsAndAnswers : lead.questionsAndAnswers.slice(0, QA_PREVIEW);
  return (
    <section className="lk-card__section">
      <h3 className="lk-card__heading">{t('board.projectDetails')}</h3>
      <dl id={id} className="lk-card__qa">
        {rows.map((qa, index) => (
          <div key={index}>
            {/* Gateway text: each line takes its direction from its own words (an English question in a right-to-left page keeps its '?' at the end). */}
            <dt dir="auto">{qa.question}</dt>
            <dd dir="auto">{qa.answers.join(', ')}</dd>
          </div>
        ))}
      </dl>
      {lead.questionsAndAnswers.length > QA_PREVIEW ? (
        <button type="button" className="lk-link-button" aria-expanded={all} aria-controls={id} onClick={() => setAll((value) => !value)}>
          {t(all ? 'board.readLess' : 'board.readMore')}
        </button>
      ) : null}
    </section>
  );
}

/**
 * 'Your Notes': view / edit; at most 2048 characters with a visible count; cancel
 * restores the saved text; a failed save keeps the typed text with the spec's message.
 *
 * Drafts (docs/drafts.md): what is typed is kept on this device until it is saved or cancelled.
 * When the card opens with a kept draft that differs from the saved note, the editor opens
 * with it and a quiet 'Draft restored' (focus stays where the pro is); Cancel discards it,
 * Save saves it — nothing typed is lost to a reload, a crash or a closed tab.
 */
function NotesEditor({ lead }: { lead: Lead }) {
  const { t } = useRuntime();
  const save = useSetAtom(saveLeadNotesAtom);
  const saved = lead.notes ?? '';
  const [draft, setDraft] = useState<string | null>(null);
  const { spId } = useAtomValue(boardInputsAtom);
  const keepDrafts = useAtomValue(boardDraftsAtom);
  // Opened by a restored draft rather than by 'Edit': the editor does not take the focus.
  const [openedByDraft, setOpenedByDraft] = useState(false);
  const editing = useRef(false);
  const kept = useDraft(keepDrafts && spId !== null ? leadNotesDraftKey(spId, lead.leadId) : null, (text) => {
    if (editing.current || text === saved) return false;
    setOpenedByDraft(true);
    setDraft(text);
    return true;
  });
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  // Notes kept offline that the gateway refused once sent: back in the editor with the spec's message (and kept as a draft).
  useRefusedNotes(
    lead.leadId,
    useCallback(
      (text: string) => {
        setOpenedByDraft(true);
        setDraft(text);
        setFailed(true);
        if (text !== saved) kept.save(text);
      },
      [saved, kept],
    ),
  );
  const headingId = useId();
  const countId = useId();
  const errorId = useId();
  const tooLong = draft !== null ? validateNotes(draft) : null;
  // Leaving the editor (saved or cancelled) puts focus back on 'Edit', not on the page.
  const editRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useLayoutEffect(() => {
    if (draft === null && wasEditing.current) editRef.current?.focus();
    wasEditing.current = draft !== null;
    editing.current = draft !== null;
  }, [draft]);
  const edit = (text: string) => {
    setDraft(text);
    // Back to the saved note is no draft at all.
    if (text === saved) kept.clear();
    else kept.save(text);
  };

  const submit = async () => {
    if (draft === null || tooLong || saving) return;
    setSaving(true);
    setFailed(false);
    try {
      await save({ lead, notes: draft });
      kept.clear();
      setDraft(null);
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="lk-card__section lk-notes" aria-labelledby={headingId}>
      <h3 id={headingId} className="lk-card__heading">
        {t('board.yourNotes')}
      </h3>
      {draft === null ? (
        <>
          {/* Its own direction (the pro's words, or ours): 'No notes yet.' keeps its full stop at its end on a right-to-left page. */}
          <p className={saved ? 'lk-pre' : 'lk-notes__empty'} dir="auto">
            {saved || t('board.noNotes')}
          </p>
          <button
            ref={editRef}
            type="button"
            className="lk-link-button"
            onClick={() => {
              setOpenedByDraft(false);
              setDraft(saved);
            }}
          >
            {t('notes.edit')}
          </button>
        </>
      ) : (
        <form
          className="lk-notes__form"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <textarea
            dir="auto"
            className="lk-notes__input"
            aria-labelledby={headingId}
            aria-describedby={[countId, tooLong ? errorId : null, failed ? `${errorId}-failed` : null].filter(Boolean).join(' ')}
            aria-invalid={tooLong ? true : undefined}
            // While it is sent the text stays as sent: what was typed then was lost when the save closed the editor.
            readOnly={saving}
            value={draft}
            onChange={(event) => edit(event.target.value)}
            // Focus lands in the editor when the pro opens it (not when a restored draft does).
            autoFocus={!openedByDraft}
          />
          <div className="lk-notes__meta">
            {/* Quiet: a polite live region on the count's line (nothing moves when it shows or goes). */}
            <p className="lk-notes__hint" role="status">
              {kept.restored ? t('draft.restored') : null}
            </p>
            <p id={countId} className="lk-notes__count" data-over={tooLong ? true : undefined}>
              {t('notes.count', { count: notesLength(draft), max: NOTES_MAX_LENGTH })}
            </p>
          </div>
          {tooLong ? (
            <p id={errorId} className="lk-field-error" role="alert">
              {t(tooLong.key, tooLong.params)}
            </p>
          ) : null}
          {failed ? (
            <p id={`${errorId}-failed`} className="lk-field-error" role="alert">
              {t('error.notesUpdate')}
            </p>
          ) : null}
          <div className="lk-notes__actions">
            {/* While saving, unavailable but not disabled: a disabled button drops the focus to the page
                (when the answer took longer than a frame), so where it was after a failed save
                depended on the network. It stays on Save, where a second press tries again; the
                message is said (an alert) and describes the editor, whose text is kept. */}
            <button type="submit" className="lk-button" disabled={tooLong !== null} aria-disabled={saving || undefined}>
              {t('notes.save')}
            </button>
            <button
              type="button"
              className="lk-button"
              data-variant="secondary"
              onClick={() => {
                // Cancel is the pro's own discard: the kept draft goes with it.
                kept.clear();
                setDraft(null);
                setFailed(false);
              }}
            >
              {t('notes.cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/**
 * The insurance offer's place at the card's end: its placeholder until its code came (after the
 * card's first frame: `afterPaint`), then the offer. Which offers this browser hid is read once a
 * server's first screen is hydrated (the server cannot know): that re-render, right after the
 * hydration, is this slot's alone — the card's body renders again once, when `afterPaint` comes.
 */
function InsuranceSlot({ lead, spId, afterPaint }: { lead: Lead; spId: number; afterPaint: boolean }) {
  const [insuranceHidden, setInsuranceHidden] = useAtom(insuranceHiddenForAllAtom);
  const mayReadBrowser = useMayReadBrowser();
  // Only what the placeholder needs: once mounted, the offer decides for itself (its thank-you stays up after a choice hid it).
  const offerShows = insuranceOfferShows(lead, insuranceHidden, mayReadBrowser ? hiddenInsuranceLeadIds() : []);
  if (!afterPaint) return offerShows ? <InsurancePlaceholder /> : null;
  return (
    <Suspense fallback={offerShows ? <InsurancePlaceholder /> : null}>
      <InsuranceBanner lead={lead} spId={spId} hiddenForAll={insuranceHidden} onHideForAll={() => setInsuranceHidden(true)} />
    </Suspense>
  );
}

/** 'Connect your numbers' when call tracking is on and the customer opted in. */
function ConnectNumbers({ lead }: { lead: Lead }) {
  const { t } = useRuntime();
  const shown = useShowsConnectNumbers(lead);
  const { spId } = useAtomValue(boardInputsAtom);
  const [open, setOpen] = useState(false);
  const markConnected = useSetAtom(markNumberConnectedAtom);
  const boxRef = useRef<HTMLDivElement>(null);
  const afterPaint = useAfterPaint();
  const close = () => {
    // Once connected the button is gone: focus the card's status select instead of the page.
    const fallback = shown ? null : boxRef.current?.closest('.lk-card__content')?.querySelector<HTMLElement>('select');
    setOpen(false);
    if (fallback) requestAnimationFrame(() => fallback.focus());
  };
  // Kept while its dialog is open (focus returns to the button); gone once a number is connected.
  if ((!shown && !open) || spId === null) return null;
  return (
    <div ref={boxRef} className="lk-card__connect">
      <button type="button" className="lk-button" data-variant="secondary" onClick={() => setOpen(true)}>
        {t('connectNumber.title')}
      </button>
      {afterPaint || open ? (
        <Suspense fallback={null}>
          <ConnectNumberDialog open={open} onClose={close} spId={spId} onConnected={() => markConnected(lead.leadId)} />
        </Suspense>
      ) : null}
    </div>
  );
}
