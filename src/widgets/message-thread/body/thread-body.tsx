import { useEffect, useMemo, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai/react';
import { threadDraftKey } from '../../../domain/draft-keys';
import { useFirstScreenValue } from '../../../runtime/first-screen-values';
import { useRuntime } from '../../../runtime/runtime';
import { useStyles } from '../../../runtime/styles';
import { ErrorBanner } from '../../../ui/error-banner';
import { useExternalStore } from '../../../ui/external-store';
import { chatFactoryFor } from '../../../chat/chat-factory';
import { messageSendOptions } from '../../../chat/message-sender';
import { providerLeadLoadableAtom, sessionMemberAtom } from '../thread-atoms';
import { Composer } from '../composer/thread-composer';
import { MessageList, type MessageListHandle } from './thread-list';
import { parseFirstPage, threadFirstPageName } from '../session/thread-first-page';
import { ThreadSession } from '../session/thread-session';
import { takeThreadOpening } from '../session/thread-opening';
import { firstPageSnapshot, INITIAL_SNAPSHOT } from '../session/thread-snapshot';
import threadBodyCss from './thread-body.css?inline';

const STYLES = [threadBodyCss];

export interface ThreadBodyProps {
  spId: number;
  userId: number;
  leadId: number | null;
  chatService: string | null;
  memberName: string;
  /** Keep the composer's text as a draft on this device (`drafts="off"` turns it off). */
  drafts?: boolean;
}

/**
 * The list and the composer over one ThreadSession (opened on mount, closed on unmount or
 * when the thread changes). A chat that fails to open shows 'Messaging is currently
 * unavailable for this Lead…' (above what was written while it was opening, if anything) and
 * the composer is disabled.
 */
export function ThreadBody({ spId, userId, leadId, chatService, memberName, drafts = true }: ThreadBodyProps) {
  useStyles(STYLES);
  const runtime = useRuntime();
  const { t, client, chat, emit, now, host } = runtime;
  const lead = useAtomValue(providerLeadLoadableAtom);
  const setSessionMember = useSetAtom(sessionMemberAtom);
  const listHandle = useRef<MessageListHandle>(null);
  // Read when a message has been sent: the latest lead and event sink, without reopening the chat.
  // The clock too: a host that sets another `now` must not reopen the chat either (the same
  // host clock keeps its wrapper across runtimes, see safeClock).
  const latest = useRef({ lead, emit, now });
  useEffect(() => {
    latest.current = { lead, emit, now };
  });

  // A server's first page of this thread (leadkit/server read it with the host's chat session):
  // shown from the first render — on the server and as the element hydrates — while the chat opens.
  const firstPage = useFirstScreenValue(threadFirstPageName({ spId, userId, leadId }), parseFirstPage);
  const usedFirstPage = useRef(firstPage.used);
  usedFirstPage.current = firstPage.used;
  const seed = firstPage.value;
  const seededSnapshot = useMemo(() => (seed ? firstPageSnapshot(seed) : INITIAL_SNAPSHOT), [seed]);
  const [session, setSession] = useState<ThreadSession | null>(null);
  useEffect(() => {
    setSessionMember(undefined);
    const contactContext = () => {
      const current = latest.current.lead;
      if (current.state !== 'hasData' || !current.data) return null;
      return { postalCode: current.data.address.postalCode, categoryId: current.data.info.category.id };
    };
    const opened = new ThreadSession({
      ...messageSendOptions({ gateway: client, spId, userId, leadId, contactContext }, () => latest.current),
      factory: chatFactoryFor(chat, chatService),
      firstPage: seed,
      // Its element may have opened the chat already, as it connected.
      started: takeThreadOpening(host, { client, chat, chatService, spId, userId, leadId }),
    });
    setSession(opened);
    void opened.open();
    return () => {
      opened.close();
    };
    // (`seed` is read when the session starts, not followed: it is kept until the chat's page replaces it, below.)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, chat, chatService, spId, userId, leadId, host, setSessionMember]);

  const snapshot = useExternalStore(session, () => seededSnapshot);

  // The server's first page is given up once the chat's own page has replaced it — not when a
  // session starts: a session opened again before that (new props, a remount) starts from it
  // too, instead of an empty list that shows 'Loading messages' over the server's messages.
  useEffect(() => {
    if (snapshot.status === 'ready' && !snapshot.firstPage) usedFirstPage.current();
  }, [snapshot.status, snapshot.firstPage]);

  // The heading's name for a thread without a lead comes from the chat session.
  useEffect(() => {
    if (snapshot.status !== 'loading') setSessionMember(snapshot.member ?? null);
  }, [snapshot.status, snapshot.member, setSessionMember]);

  // A chat that cannot open is the host's concern too: `lk-error` once per failed opening, with
  // the kind (e.g. `chat-sdk-missing`: Twilio is an optional peer) and what to do about it.
  const { failure } = snapshot;
  useEffect(() => {
    if (!failure) return;
    latest.current.emit('lk-error', {
      widget: 'message-thread',
      status: failure.status,
      kind: failure.kind,
      ...(failure.message === null ? {} : { message: failure.message }),
    });
  }, [failure]);

  // The chat init failure. 'Try again' opens the chat again in the same session: what was
  // written while it was opening stays, with its state and Retry.
  const unavailable =
    snapshot.status === 'failed' ? (
      <ErrorBanner
        detail={t('error.chatInit')}
        part="chat-error"
        // Refused as signed out: where to log in (as every widget's panel after a 401).
        link={failure?.status === 401 ? runtime.logInLink() : undefined}
        action={
          // A chat that did not come up (the service down, a connection that never settled)
          // may the next time; one the gateway denies or a missing SDK will not.
          failure?.retryable ? (
            <button type="button" className="lk-button" data-variant="secondary" onClick={() => session?.reopen()}>
              {t('action.retry')}
            </button>
          ) : undefined
        }
      />
    ) : null;

  return (
    <div className="lk-thread__body">
      {unavailable && snapshot.pending.length === 0 ? (
        <div className="lk-thread__list lk-thread__list--failed">{unavailable}</div>
      ) : (
        <MessageList
          snapshot={snapshot}
          memberName={memberName}
          notice={unavailable}
          onLoadOlder={() => session?.loadOlder()}
          onRetry={(id) => session?.retry(id)}
          onDiscard={(id) => session?.discard(id)}
          handle={listHandle}
        />
      )}
      {/* One line kept between the list and the composer (the skeleton keeps it too): the
          connection when it is down, else the customer typing — nothing moves when either shows. */}
      <div className="lk-thread__status-line">
        {snapshot.status === 'ready' && snapshot.connection !== null && snapshot.connection !== 'connected' ? (
          <p className="lk-thread__connection" role="status">
            {t('thread.reconnecting')}
          </p>
        ) : snapshot.status === 'ready' && snapshot.typing ? (
          // Said to screen readers by the list's announcer (once per reply); this is the visible line.
          <p className="lk-thread__typing" part="typing-indicator">
            <span className="lk-thread__typing-dots" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            {t('thread.typing', { memberName })}
          </p>
        ) : null}
      </div>
      <Composer
        status={snapshot.status}
        onTyping={() => session?.typing()}
        draftKey={drafts ? threadDraftKey(spId, userId) : null}
        onSend={(send) => {
          // (Before the session exists — the first commit — nothing takes it: the composer keeps it.)
          if (!session) return false;
          const confirmed = session.send(send);
          requestAnimationFrame(() => listHandle.current?.scrollToEnd());
          return confirmed;
        }}
      />
    </div>
  );
}
