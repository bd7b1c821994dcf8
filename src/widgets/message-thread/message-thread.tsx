import { Suspense, useEffect, useId, useState, type MouseEvent } from 'react';
import { useAtomValue } from 'jotai/react';
import { useServerRenderLoadable } from '../../runtime/server-render-gate';
import { useRuntime } from '../../runtime/runtime';
import { useStyles } from '../../runtime/styles';
import { useAtomInput } from '../../runtime/use-atom-input';
import { ErrorBanner } from '../../ui/error-banner';
import { Skeleton } from '../../ui/core/skeleton';
import { useMayReadBrowser } from '../../ui/use-may-read-browser';
import {
  memberName,
  messageActivitiesLoadableAtom,
  phoneNumbersLoadableAtom,
  providerLeadLoadableAtom,
  sessionMemberAtom,
  threadInputsAtom,
} from './thread-atoms';
import { ContactDialog, ThreadBody, ThreadHistory } from './thread-loaders';
import { ThreadSkeleton } from './body/thread-skeleton';
import messageThreadCss from './message-thread.css?inline';
import type { WidgetAttributeProps } from '../../contract/tags';

/** Its tag's attributes (src/contract/tags.ts; described on its element, src/elements/message-thread.element.ts). */
export type MessageThreadProps = WidgetAttributeProps<'message-thread'>;

const STYLES = [messageThreadCss];

/**
 * `<message-thread>` (docs/widgets/message-thread.md): heading 'Your messages with {member name}',
 * the 'Leads / Messaging' breadcrumb, 'View All Leads', 'Contact' (with a lead) and 'Message
 * History' (when GenericMessage activities exist), then the message list and the composer.
 */
export function MessageThreadRoot({ spId = null, userId = null, leadId = null, chatService = null, archived = false, drafts = null }: MessageThreadProps) {
  useStyles(STYLES);
  useAtomInput(threadInputsAtom, { spId, userId, leadId });
  const { t, routes, onLinkClick } = useRuntime();
  // Read in the spec's order (docs/widgets/message-thread.md#opening): phone numbers, provider lead, interaction activities. The lead
  // (the member's name in the heading) is the first screen's: a server render waits for it.
  useAtomValue(phoneNumbersLoadableAtom);
  const lead = useServerRenderLoadable(providerLeadLoadableAtom);
  // (The activities are read by the 'Message History' link, or listed by the history view.)

  const sessionMember = useAtomValue(sessionMemberAtom);
  const [contactOpen, setContactOpen] = useState(false);
  // Mounted from the first opening on (the dialog returns focus to 'Contact' when it closes).
  const [contactMounted, setContactMounted] = useState(false);
  const headingId = useId();

  // The list and the composer start loading as the thread mounts, beside the first data.
  useEffect(() => {
    void (archived ? ThreadHistory.preload() : ThreadBody.preload());
  }, [archived]);

  if (spId === null || userId === null) {
    return (
      <div className="lk-thread" part="message-thread">
        <ErrorBanner detail={t('error.other.detail')} />
      </div>
    );
  }

  const leadData = lead.state === 'hasData' ? lead.data : null;
  // With a lead, its name; without (or when it failed), the chat session's once it is known.
  const nameKnown = (leadId !== null && lead.state === 'hasData' && memberName(leadData, null, '') !== '') || sessionMember !== undefined;
  const name = memberName(leadData, sessionMember, t('lead.memberFallback'));
  const boardLink = (event: MouseEvent<HTMLAnchorElement>) => onLinkClick(event, 'lead-board');

  return (
    <div className="lk-thread" part="message-thread">
      <header className="lk-thread__header" part="thread-header">
        <nav className="lk-thread__breadcrumb" aria-label={t('thread.breadcrumb')} part="breadcrumb">
          <ol>
            <li>
              <a href={routes.leadBoard({ serviceProviderId: spId, leadId })} onClick={boardLink}>
                {t('thread.breadcrumbLeads')}
              </a>
            </li>
            {archived ? (
              <>
                <li>
                  <a
                    href={routes.conversationThread({ serviceProviderId: spId, userId, leadId })}
                    onClick={(event) => onLinkClick(event, 'conversation-thread')}
                  >
                    {t('thread.breadcrumbMessaging')}
                  </a>
                </li>
                <li aria-current="page">{t('thread.messageHistory')}</li>
              </>
            ) : (
              <li aria-current="page">{t('thread.breadcrumbMessaging')}</li>
            )}
          </ol>
        </nav>
        <div className="lk-thread__title-row">
          {nameKnown ? (
            <h1 id={headingId} className="lk-thread__title">
              {t(archived ? 'thread.historyHeading' : 'thread.heading', { memberName: name })}
            </h1>
          ) : (
            // The title's own box (same font, same reserve on a phone), with the placeholder inside.
            <div className="lk-thread__title" aria-hidden="true">
              <Skeleton className="lk-thread__title-skeleton" width={320} height={30} />
            </div>
          )}
          <div className="lk-thread__actions">
            {leadId !== null ? (
              <button
                type="button"
                className="lk-button"
                data-variant="secondary"
                part="contact-button"
                onPointerEnter={() => void ContactDialog.preload()}
                onFocus={() => void ContactDialog.preload()}
                onClick={() => {
                  setContactMounted(true);
                  setContactOpen(true);
                }}
              >
                {t('thread.contact')}
              </button>
            ) : null}
            <a className="lk-button" data-variant="secondary" href={routes.leadBoard({ serviceProviderId: spId })} onClick={boardLink} part="view-all-leads">
              {t('thread.viewAllLeads')}
            </a>
          </div>
        </div>
        {/* The link's line is always there (empty without history), so nothing moves when it appears. */}
        <div className="lk-thread__history-row">
          {archived ? (
            <a
              className="lk-thread__history"
              href={routes.conversationThread({ serviceProviderId: spId, userId, leadId })}
              onClick={(event) => onLinkClick(event, 'conversation-thread')}
              part="back-to-messages"
            >
              {t('thread.backToMessages')}
            </a>
          ) : (
            <MessageHistoryLink spId={spId} userId={userId} leadId={leadId} />
          )}
        </div>
      </header>

      {archived ? (
        <Suspense fallback={<ThreadSkeleton label={t('thread.loading')} />}>
          <ThreadHistory spId={spId} userId={userId} memberName={name} />
        </Suspense>
      ) : (
        <Suspense fallback={<ThreadSkeleton label={t('thread.loading')} />}>
          <ThreadBody spId={spId} userId={userId} leadId={leadId} chatService={chatService} memberName={name} drafts={drafts !== 'off'} />
        </Suspense>
      )}

      {leadId !== null && contactMounted ? (
        <Suspense fallback={null}>
          <ContactDialog
            open={contactOpen}
            onClose={() => setContactOpen(false)}
            memberName={name}
            leadCreateDate={leadData?.createDate ?? null}
            smsEnabled={leadData?.customerInfo?.isSmsEnabled ?? false}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * 'Message History', only when the member has GenericMessage activities with this provider — or,
 * from a gateway that does not say with whom (no `counterpartId`), any (spec §2's condition).
 */
function MessageHistoryLink({ spId, userId, leadId }: { spId: number; userId: number; leadId: number | null }) {
  const { t, routes, onLinkClick } = useRuntime();
  const history = useAtomValue(messageActivitiesLoadableAtom);
  // Never while a server's first screen hydrates (the server never asks for the activities): an
  // answer that came early (the loader's) would show the link where the server's HTML has none.
  const hydrated = useMayReadBrowser();
  if (!hydrated || history.state !== 'hasData' || history.data.messages.length + history.data.unattributed === 0) return null;
  return (
    <a
      className="lk-thread__history"
      href={routes.messageHistory({ serviceProviderId: spId, userId, leadId })}
      onClick={(event) => onLinkClick(event, 'conversation-thread')}
      part="message-history"
    >
      {t('thread.messageHistory')}
    </a>
  );
}
