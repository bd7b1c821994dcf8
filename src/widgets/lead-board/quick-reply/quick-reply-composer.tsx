import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useAtomValue } from 'jotai/react';
import { browserConnection } from '../../../domain/connection';
import { threadDraftKey } from '../../../domain/draft-keys';
import { defaultSavedReplies, fillReplyPlaceholders, normalizeSavedReplies } from '../../../domain/saved-replies';
import type { Lead } from '../../../gateway/office/schemas';
import { useRuntime, withMessages } from '../../../runtime/runtime';
import { useStyles } from '../../../runtime/styles';
import { useDraft } from '../../../ui/use-draft';
import { boardDraftsAtom } from '../board-host';
import { boardInputsAtom } from '../view/view-atoms';
import { customerName } from '../list/lead-board.logic';
import type { MessageTarget } from '../list/message-link';
import { useQuickSend } from './use-quick-send';
import { QUICK_REPLY_CATALOGUE } from './quick-reply-messages';
import quickReplyCss from './quick-reply.css?inline';

const STYLES = [quickReplyCss];

/** A sent message's state in the thread's words. */
const STATE_TEXT = {
  sending: 'thread.state.sending',
  sent: 'thread.state.sent',
  delivered: 'thread.state.delivered',
  failed: 'thread.state.failed',
  held: 'thread.state.held',
} as const;

export interface QuickReplyComposerProps {
  lead: Lead;
  /** The card's Message target: 'Open conversation' goes there (the thread, with the message in it). */
  message: MessageTarget;
  /** Closed: kept (hidden), so a message's state and Retry are there when it opens again. */
  open: boolean;
  /** Changed: focus goes into the composer again (a reply asked for from outside the card while it was open already). */
  focusRequest?: number;
  onClose(): void;
}

/**
 * The card's quick answer (docs/widgets/lead-board.md#quick-answer): the pro's saved replies
 * (the host's `savedReplies`, else the thread's defaults; added and removed in the thread) filled with the customer's first name
 * and the category, as one-tap choices; the first one is in the text box from the start, so
 * Quick reply → Send is two taps. The text is editable, kept as the conversation's draft (the
 * thread's key: the thread restores it) until the gateway took it, and sent through the thread's
 * session (use-quick-send.ts), whose states it shows. Escape or × closes it; focus goes in on
 * opening (the chosen reply, else the text box) and back to 'Quick reply' (or the card's Message
 * button once it went) on closing.
 */
function Composer(props: QuickReplyComposerProps) {
  const { spId } = useAtomValue(boardInputsAtom);
  return spId === null ? null : <QuickReply {...props} spId={spId} />;
}

function QuickReply({ lead, spId, message, open, focusRequest, onClose }: QuickReplyComposerProps & { spId: number }) {
  useStyles(STYLES);
  const { t, onLinkClick, savedReplies } = useRuntime();
  const keepDrafts = useAtomValue(boardDraftsAtom);
  // The host's list (cleaned as the thread cleans it), else the thread's defaults.
  const list = useMemo(() => normalizeSavedReplies(savedReplies) ?? defaultSavedReplies(t), [savedReplies, t]);
  const firstName = lead.customerInfo.firstName?.trim() || null;
  const category = lead.category.name;
  const choices = useMemo(
    () => list.map((reply) => ({ id: reply.id, text: fillReplyPlaceholders(reply.text, { firstName, category }) })),
    [list, firstName, category],
  );
  const [text, setText] = useState(() => choices[0]?.text ?? '');
  /** The pro typed, picked a reply or a draft was restored: the first reply no longer fills the box. */
  const touched = useRef(false);
  const quick = useQuickSend(lead, spId);
  const draft = useDraft(keepDrafts ? threadDraftKey(spId, lead.customerInfo.userId) : null, (stored) => {
    if (touched.current || quick.state !== 'idle') return false;
    touched.current = true;
    setText(stored);
    return true;
  });
  // The host's list may come after the composer opened (the office app fetches it): its first reply fills an untouched box.
  useEffect(() => {
    if (!touched.current) setText(choices[0]?.text ?? '');
  }, [choices]);

  const rootRef = useRef<HTMLElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const afterRef = useRef<HTMLAnchorElement>(null);
  // Focus into the composer when it opens: the chosen reply (no phone keyboard over it), else the text box.
  useEffect(() => {
    if (!open) return;
    const root = rootRef.current;
    const target = root?.querySelector<HTMLElement>('[aria-pressed="true"]') ?? textRef.current ?? afterRef.current;
    target?.focus();
  }, [open, focusRequest]);

  const titleId = useId();
  const hintId = useId();
  const textId = useId();
  const sent = quick.state !== 'idle';
  const canSend = !sent && text.trim() !== '';

  function send() {
    if (!canSend) return;
    // The text is written now and deleted once the gateway took it: a failed send survives a reload.
    draft.save(text);
    draft.clearWhen(quick.send(text));
    // The text box goes: focus to what comes next, the way to the conversation.
    requestAnimationFrame(() => afterRef.current?.focus());
  }

  function choose(choice: string) {
    touched.current = true;
    setText(choice);
    draft.save(choice);
  }

  /** Closes it; focus goes back to 'Quick reply', or to the card's Message button once the cue (and the button) went. */
  function close() {
    const card = rootRef.current?.closest('li');
    onClose();
    requestAnimationFrame(() =>
      (card?.querySelector<HTMLElement>('[part="quick-reply"]') ?? card?.querySelector<HTMLElement>('[part="message-button"]'))?.focus(),
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    close();
  };

  return (
    <section ref={rootRef} className="lk-quick" part="quick-reply-composer" aria-labelledby={titleId} hidden={!open} onKeyDown={onKeyDown}>
      <div className="lk-quick__header">
        <h3 id={titleId} className="lk-quick__title">
          {t('quickReply.title', { name: customerName(lead, t('lead.memberFallback')) })}
        </h3>
        <button type="button" className="lk-quick__close" aria-label={t('dialog.close')} onClick={close}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {sent ? (
        <div className="lk-quick__sent">
          <p className="lk-quick__text">{quick.text}</p>
          <p className="lk-quick__state" data-state={quick.state} role="status">
            {t(STATE_TEXT[quick.state])}
            {quick.state === 'failed' && !browserConnection.online() ? ` ${t('quickReply.keptOffline')}` : null}
          </p>
          <div className="lk-quick__actions">
            {quick.state === 'failed' ? (
              <button type="button" className="lk-button" data-variant="secondary" onClick={quick.retry}>
                {t('thread.retry')}
              </button>
            ) : null}
            <a
              ref={afterRef}
              className="lk-button"
              data-variant="secondary"
              href={message.href}
              part="quick-reply-open-conversation"
              onClick={(event: MouseEvent<HTMLAnchorElement>) => onLinkClick(event, message.kind)}
            >
              {t('quickReply.openConversation')}
            </a>
          </div>
        </div>
      ) : (
        <form
          className="lk-quick__form"
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          {choices.length > 0 ? (
            <>
              <p id={hintId} className="lk-quick__hint">
                {t('quickReply.choose')}
              </p>
              <div className="lk-quick__choices" role="group" aria-label={t('quickReply.choices')} aria-describedby={hintId}>
                {choices.map((choice) => (
                  <button key={choice.id} type="button" className="lk-quick__choice" aria-pressed={choice.text === text} onClick={() => choose(choice.text)}>
                    <span className="lk-quick__choice-text">{choice.text}</span>
                  </button>
                ))}
              </div>
            </>
          ) : (
            <p className="lk-quick__hint">{t('quickReply.noReplies')}</p>
          )}
          <label className="lk-quick__label" htmlFor={textId}>
            {t('quickReply.message')}
          </label>
          <textarea
            ref={textRef}
            id={textId}
            className="lk-input lk-quick__input"
            rows={3}
            value={text}
            onChange={(event) => {
              touched.current = true;
              setText(event.target.value);
              draft.save(event.target.value);
            }}
          />
          <div className="lk-quick__actions">
            <p className="lk-quick__restored" role="status">
              {draft.restored ? t('draft.restored') : null}
            </p>
            <button type="submit" className="lk-button" data-variant="primary" part="quick-reply-send" disabled={!canSend}>
              {t('thread.send')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/** The composer with its texts (quick-reply-messages.ts): they come with its chunk. */
export const QuickReplyComposer = withMessages(Composer, QUICK_REPLY_CATALOGUE);
