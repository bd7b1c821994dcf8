import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { errorPanel } from '../../../runtime/error-panel';
import { useRuntime } from '../../../runtime/runtime';
import { useFormat } from '../../../runtime/use-format';
import { useStyles } from '../../../runtime/styles';
import { ErrorBanner } from '../../../ui/error-banner';
import { Skeleton } from '../../../ui/core/skeleton';
import { MessageText } from '../bubbles/message-text';
import { fetchMessageActivities, MESSAGE_ACTIVITIES_PER_CALL, type MessageActivityPage } from '../../../gateway/message-center/thread-adapter';
import { ThreadSpinner } from '../body/thread-skeleton';
import threadBodyCss from '../body/thread-body.css?inline';
import threadHistoryCss from './thread-history.css?inline';

const STYLES = [threadBodyCss, threadHistoryCss];

export interface ThreadHistoryProps {
  spId: number;
  userId: number;
  memberName: string;
}

type HistoryState =
  | { status: 'loading'; pages: MessageActivityPage[] }
  | { status: 'ready'; pages: MessageActivityPage[] }
  | { status: 'failed'; pages: MessageActivityPage[]; error: unknown };

/**
 * 'Message History' (docs/widgets/message-thread.md#message-history): the archived thread — the member's GenericMessage interaction
 * activities with this provider, read only, newest first, four per call (docs/architecture.md#thread-constants), 'Show older
 * messages' for the next four. No chat opens and nothing is marked read. Customer text is text.
 */
export function ThreadHistory({ spId, userId, memberName }: ThreadHistoryProps) {
  useStyles(STYLES);
  const runtime = useRuntime();
  const { t, client, onLinkClick } = runtime;
  const format = useFormat();
  const [state, setState] = useState<HistoryState>({ status: 'loading', pages: [] });
  const request = useRef<AbortController | null>(null);
  // After 'Show older messages', focus goes to the first message it brought: the one after the
  // message that was last when it was pressed, once a page has come after the pages there were.
  const focusAfter = useRef<{ activityId: string | null; pages: number } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  const load = useCallback(
    (pages: MessageActivityPage[]) => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      setState({ status: 'loading', pages });
      const offset = pages.length * MESSAGE_ACTIVITIES_PER_CALL;
      fetchMessageActivities(client, spId, userId, offset, controller.signal).then(
        (page) => {
          if (!controller.signal.aborted) setState({ status: 'ready', pages: [...pages, page] });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setState({ status: 'failed', pages, error });
        },
      );
    },
    [client, spId, userId],
  );

  useEffect(() => {
    load([]);
    return () => request.current?.abort();
  }, [load]);

  const messages = state.pages.flatMap((page) => page.messages);
  const more = state.pages.at(-1)?.more ?? false;
  // Messages the gateway does not say were with this provider (thread-adapter.ts M4): not listed.
  const unattributed = state.pages.some((page) => page.unattributed > 0);

  useEffect(() => {
    const after = focusAfter.current;
    if (after === null || state.status !== 'ready' || state.pages.length <= after.pages) return;
    focusAfter.current = null;
    const shown = state.pages.flatMap((page) => page.messages);
    const index = shown.findIndex((message) => message.id === after.activityId) + 1;
    const items = listRef.current?.querySelectorAll<HTMLElement>(':scope > li');
    // The first new one, or the last one when the page brought none of this provider's.
    (items?.[index] ?? items?.[items.length - 1])?.focus();
  }, [state]);

  const textLink = (event: MouseEvent<HTMLAnchorElement>) => onLinkClick(event, 'external');
  const firstLoad = state.status === 'loading' && state.pages.length === 0;

  return (
    <section className="lk-history" part="message-history-list" aria-label={t('thread.history.label')} aria-busy={state.status === 'loading'}>
      {firstLoad ? (
        <div className="lk-history__loading" role="status" aria-label={t('thread.history.loading')}>
          <Skeleton height={56} width="70%" />
          <Skeleton height={56} width="60%" />
          <Skeleton height={56} width="70%" />
        </div>
      ) : null}
      {messages.length > 0 ? (
        <ol className="lk-history__list" ref={listRef}>
          {messages.map((message) => {
            // Who wrote it and its words are not spec fields (thread-adapter.ts `historyEntry`): an
            // entry without an author is named 'Message' (neither own nor the member's); without
            // words it says what is missing — a photo or file when the author is known, else that
            // the history keeps no text.
            const { author } = message;
            const own = author === 'own';
            return (
              <li key={message.id} className="lk-history__item" tabIndex={-1} data-own={own}>
                <p className="lk-history__meta">
                  <span className="lk-history__author">{author === null ? t('thread.history.unknownAuthor') : own ? t('thread.you') : memberName}</span>{' '}
                  <time dateTime={message.createDate}>{format.messageTimestamp(message.createDate)}</time>
                </p>
                <div className="lk-msg" data-own={own} part={author === null ? 'message' : own ? 'message message-own' : 'message message-member'}>
                  {message.text ? (
                    <p className="lk-msg__body" dir="auto">
                      <MessageText text={message.text} onLinkClick={textLink} />
                    </p>
                  ) : (
                    <p className="lk-msg__body lk-history__no-text">{t(author === null ? 'thread.history.textNotKept' : 'thread.history.noText')}</p>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      {state.status === 'ready' && messages.length === 0 ? (
        <p className="lk-history__empty">{t(unattributed ? 'thread.history.unattributed' : 'thread.history.empty', { memberName })}</p>
      ) : null}
      {state.status === 'loading' && state.pages.length > 0 ? (
        <p className="lk-history__older" role="status">
          <ThreadSpinner />
          <span className="lk-visually-hidden">{t('thread.loadingOlder')}</span>
        </p>
      ) : null}
      {state.status === 'ready' && more ? (
        <p className="lk-history__older">
          <button
            type="button"
            className="lk-button"
            data-variant="secondary"
            onClick={() => {
              focusAfter.current = { activityId: messages.at(-1)?.id ?? null, pages: state.pages.length };
              load(state.pages);
            }}
          >
            {t('thread.history.older')}
          </button>
        </p>
      ) : null}
      {state.status === 'failed' ? (
        <ErrorBanner
          {...errorPanel(runtime, state.error, {
            onRetry: () => load(state.pages),
            ...(state.pages.length > 0 ? { texts: { detail: t('thread.olderFailed') } } : {}),
          })}
        />
      ) : null}
    </section>
  );
}
