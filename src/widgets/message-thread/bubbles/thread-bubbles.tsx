import { useEffect, useId, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { ChatMedia, ChatMessage } from '../../../chat/chat-client';
import { useRuntime } from '../../../runtime/runtime';
import { MessageText } from './message-text';
import { BubbleTime, StampLine } from './message-times';
import { shownMediaUrl } from './thread-media-url';
import type { PendingSend } from '../../../chat/pending-send';
import type { OwnMessageState } from '../session/thread-snapshot';

/**
 * The message list's bubbles (thread-list.tsx renders one per row): a stored message with its
 * media, body, time and state, and a send not in the conversation yet.
 */

/** The state icons (the words are beside them for screen readers): a clock, one tick, two ticks, two ticks in colour. */
function StateIcon({ state }: { state: OwnMessageState }) {
  const common = { width: 18, height: 12, viewBox: '0 0 18 12', 'aria-hidden': true, focusable: false } as const;
  if (state === 'sending') {
    return (
      <svg {...common}>
        <circle cx="9" cy="6" r="4.75" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d="M9 3.5V6l1.75 1.25" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
    );
  }
  if (state === 'sent') {
    return (
      <svg {...common}>
        <path d="m3.5 6.5 3 3 7-7" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    );
  }
  return (
    <svg {...common}>
      <path d="m1 6.5 3 3 7-7M8.5 8.5l1 1 7-7" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** An own bubble's state: the icon in the corner kept for it, the state in words for screen readers. */
function MessageState({ state, id }: { state: OwnMessageState; id: string }) {
  const { t } = useRuntime();
  if (state === 'failed' || state === 'held') return null;
  return (
    <span className="lk-msg__state-icon" data-state={state} part="message-state-icon">
      <StateIcon state={state} />
      <span className="lk-visually-hidden" id={id}>
        {t(`thread.state.${state}`)}
      </span>
    </span>
  );
}

/** How a bubble takes part in the list's roving focus and taps (MessageList). */
export interface BubbleFocus {
  tabIndex: 0 | -1;
  /** Tapped: its time shows on a narrow thread. */
  revealed: boolean;
  onFocus(): void;
  onKeyDown(event: KeyboardEvent<HTMLElement>): void;
  onClick(event: MouseEvent<HTMLElement>): void;
}

/**
 * A bubble's element attributes: one of the list's focusable bubbles (a group named by who wrote
 * it and what it holds, described by its full timestamp and state), its time shown when tapped.
 */
function bubbleAttributes(focus: BubbleFocus, labelledBy: (string | false)[], describedBy: (string | false)[]) {
  return {
    role: 'group',
    tabIndex: focus.tabIndex,
    'aria-labelledby': labelledBy.filter(Boolean).join(' '),
    'aria-describedby': describedBy.filter(Boolean).join(' ') || undefined,
    'data-revealed': focus.revealed || undefined,
    onFocus: (event: { target: EventTarget; currentTarget: EventTarget }) => {
      if (event.target === event.currentTarget) focus.onFocus();
    },
    onKeyDown: focus.onKeyDown,
    onClick: focus.onClick,
  } as const;
}

/**
 * One message. Its full timestamp is read with it by screen readers, and shows on the line
 * under it (message-times.tsx: on a wide thread under every bubble, on a narrow one under a
 * group's last, the others' time beside them on a tap). An own message shows its state
 * (`state`), and in words before its time when it is the newest and the last word (`receipt`).
 */
export function MessageBubble({
  message,
  own,
  stamp,
  state,
  receipt,
  memberName,
  onLinkClick,
  focus,
}: {
  message: ChatMessage;
  own: boolean;
  stamp: boolean;
  state: OwnMessageState | null;
  receipt: OwnMessageState | null;
  memberName: string;
  onLinkClick: (event: MouseEvent<HTMLAnchorElement>) => void;
  focus: BubbleFocus;
}) {
  const { t } = useRuntime();
  const id = useId();
  const date = message.dateCreated;
  const attributes = bubbleAttributes(
    focus,
    [`${id}who`, ...message.media.map((media, i) => `${id}media${i}`), !!message.body && `${id}body`],
    [!!date && `${id}time`, !!state && `${id}state`],
  );
  return (
    <>
      <div
        className="lk-msg"
        data-own={own}
        data-group-end={stamp}
        data-receipt={state ? true : undefined}
        part={own ? 'message message-own' : 'message message-member'}
        {...attributes}
      >
        <span className="lk-visually-hidden" id={`${id}who`}>
          {own ? t('thread.you') : memberName}
        </span>
        {message.media.map((media, i) => (
          <MessageMedia key={media.sid} media={media} id={`${id}media${i}`} />
        ))}
        {message.body ? (
          <p className="lk-msg__body" dir="auto" id={`${id}body`}>
            <MessageText text={message.body} onLinkClick={onLinkClick} />
          </p>
        ) : null}
        {date ? <BubbleTime date={date} id={`${id}time`} /> : null}
        {state ? <MessageState state={state} id={`${id}state`} /> : null}
      </div>
      <StampLine date={date} own={own} receipt={receipt} groupEnd={stamp} />
    </>
  );
}

/** A photo (or a download link for other media). Its URL may be temporary: asked for when shown. */
function MessageMedia({ media, id }: { media: ChatMedia; id: string }) {
  const { t, client } = useRuntime();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    media.getUrl({ signal: controller.signal }).then(
      (next) => {
        // Only a URL the page's rule allows is linked or loaded; a refused one stays the
        // placeholder, and the developer is told why (thread-media-url.ts).
        if (!controller.signal.aborted) setUrl(next ? shownMediaUrl(next, document, client.reportSetup) : null);
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [media, client]);
  const name = media.filename ?? (media.contentType.startsWith('image/') ? t('thread.photo') : t('thread.file'));
  if (!media.contentType.startsWith('image/')) {
    return url ? (
      <a className="lk-msg__file" id={id} href={url} download={media.filename ?? undefined} rel="noopener noreferrer">
        {t('thread.download', { fileName: name })}
      </a>
    ) : (
      <span className="lk-msg__file" id={id}>
        {name}
      </span>
    );
  }
  // A fixed box: the row keeps its height when the image arrives.
  return url && !failed ? (
    <img className="lk-msg__image" id={id} src={url} alt={name} loading="lazy" decoding="async" />
  ) : (
    <span className="lk-msg__image lk-msg__image--placeholder" id={id} role="img" aria-label={name} />
  );
}

/**
 * A send not in the conversation yet: sending or sent (its state icon, as a stored own message
 * has, so the bubble keeps its size when the stored message takes its place), or failed / held
 * (the text with Retry, and Discard for a file).
 */
export function PendingBubble({
  pending,
  stamp,
  receipt,
  onRetry,
  onDiscard,
  onLinkClick,
  focus,
}: {
  pending: PendingSend;
  stamp: boolean;
  receipt: OwnMessageState | null;
  onRetry(id: string): void;
  onDiscard(id: string): void;
  onLinkClick: (event: MouseEvent<HTMLAnchorElement>) => void;
  focus: BubbleFocus;
}) {
  const { t } = useRuntime();
  const id = useId();
  const percent = pending.progress && pending.progress.total > 0 ? Math.round((pending.progress.loaded / pending.progress.total) * 100) : 0;
  const fileName = pending.fileName ?? t('thread.photo');
  const stuck = pending.state === 'failed' || pending.state === 'held';
  const createdAt = new Date(pending.createdAt);
  const attributes = bubbleAttributes(focus, [`${id}who`, `${id}body`], [`${id}time`, `${id}state`]);
  return (
    <>
      <div
        className="lk-msg"
        data-own="true"
        data-state={pending.state}
        data-group-end={stamp}
        data-receipt={stuck ? undefined : true}
        part="message message-own message-pending"
        {...attributes}
      >
        <span className="lk-visually-hidden" id={`${id}who`}>
          {t('thread.you')}
        </span>
        {pending.kind === 'text' ? (
          <p className="lk-msg__body" dir="auto" id={`${id}body`}>
            <MessageText text={pending.text} onLinkClick={onLinkClick} />
          </p>
        ) : (
          <p className="lk-msg__body lk-msg__file" id={`${id}body`}>
            {fileName}
          </p>
        )}
        <BubbleTime date={createdAt} id={`${id}time`} />
        {pending.kind === 'media' && pending.state === 'sending' ? (
          <progress className="lk-msg__progress" max={100} value={percent} aria-label={t('thread.uploading', { fileName, percent })} />
        ) : null}
        {stuck ? (
          <p className="lk-msg__state" role="alert" id={`${id}state`}>
            {pending.state === 'failed' && pending.kind === 'media' ? t('validation.fileDefault') : t(`thread.state.${pending.state}`)}{' '}
            <button type="button" className="lk-link-button" onClick={() => onRetry(pending.id)}>
              {t('thread.retry')}
            </button>
            {pending.kind === 'media' && pending.state === 'failed' ? (
              <>
                {' '}
                <button type="button" className="lk-link-button" onClick={() => onDiscard(pending.id)}>
                  {t('thread.discard')}
                </button>
              </>
            ) : null}
          </p>
        ) : (
          <MessageState state={pending.state} id={`${id}state`} />
        )}
      </div>
      <StampLine date={createdAt} own receipt={receipt} groupEnd={stamp} />
    </>
  );
}
