import { Suspense, useCallback, useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai/react';
import { hasActiveFilters } from '../../domain/filters';
import { paginationInfo } from '../../domain/pagination';
import { isGatewayError, isRetryableError } from '../../gateway/core/errors';
import { errorPanel } from '../../runtime/error-panel';
import type { Lead } from '../../gateway/office/schemas';
import type { MessageKey } from '../../i18n/en-US';
import { useServerRenderLoadables } from '../../runtime/server-render-gate';
import { FLAG_NAMES } from '../../contract/flags';
import { useRuntime } from '../../runtime/runtime';
import { useStyles } from '../../runtime/styles';
import { useAtomInput } from '../../runtime/use-atom-input';
import { focusFirstControl } from '../../ui/focus-first';
import { useWhenBack } from '../../ui/use-when-back';
import switchCss from '../../ui/switch.css?inline';
import leadBoardCss from './lead-board.css?inline';
import { ErrorBanner } from '../../ui/error-banner';
import { Skeleton } from '../../ui/core/skeleton';
import { boardChatServiceAtom, boardDraftsAtom, boardHostAtom } from './board-host';
import { leadsLoadableAtom } from './board-page';
import { boardRetryAtom, providerInfoLoadableAtom } from './board-provider';
import { boardInputsAtom, boardQueryAtom, boardTouchedAtom, boardViewAtom, selectionAtom } from './view/view-atoms';
import { type MutationAction, mutationErrorAtom } from './changes/change-outcomes';
import { OutboxSummary } from './changes/outbox-cues';
import { BoardSkeleton } from './list/board-skeleton';
import type { MessageTarget } from './list/message-link';
import { Arrivals, BoardList, preloadLeadBoard } from './board-loaders';
import { FilterBar } from './filters/filter-bar';
import { Bulk } from './bulk/bulk-loader';
import { useBoardAnalytics } from './board-analytics';
import {
  useAfterFirstScreen,
  useCategoryNames,
  useDocumentTitle,
  useOpenLead,
  usePageEvents,
  useReadOnOpen,
  useReplyLink,
  useShownPage,
  useWithheldContacts,
} from './board-hooks';
import type { WidgetAttributeProps } from '../../contract/tags';

/** Its tag's attributes (src/contract/tags.ts; described on its element, src/elements/lead-board.element.ts). */
export type LeadBoardProps = WidgetAttributeProps<'lead-board'>;

/** The board's CSS and that of the ui primitives in its first render (the list and the filter panel bring their own). */
const STYLES = [switchCss, leadBoardCss];

/** What a failed change says (the spec gives no text for these; ours, in the catalogue). */
const MUTATION_ERROR_KEYS: Record<MutationAction, MessageKey> = {
  read: 'board.error.read',
  archive: 'board.error.archive',
  restore: 'board.error.restore',
  queued: 'board.error.queued',
};

/** Analytics page name; the page event carries the board's activity location too (board-analytics.ts). */
const LEAD_BOARD_ANALYTICS = 'SP : Lead Board';

/**
 * The provider's lead board: header, filters, 'Showing X - Y of Z
 * results', sort, the expandable lead cards and paging.
 */
export function LeadBoardRoot({
  spId = null,
  leadId = null,
  newMessages = false,
  pageSize = null,
  setTitle = false,
  titleCount = false,
  reply = false,
  drafts = null,
  chatService = null,
}: LeadBoardProps) {
  useStyles(STYLES);
  useDocumentTitle(setTitle === true);
  useAtomInput(boardInputsAtom, { spId, featuredLeadId: leadId, newMessages: newMessages === true, pageSize: pageSize && pageSize > 0 ? pageSize : null });
  useAtomInput(boardDraftsAtom, drafts !== 'off');
  useAtomInput(boardChatServiceAtom, chatService ?? null);
  const runtime = useRuntime();
  const { t, routes, flags, onLinkClick, emit } = runtime;
  // The changes' engine tells the host of the pro's changes itself (changes/change-engine.ts).
  useAtomInput(boardHostAtom, { emit });
  const analytics = useBoardAnalytics();
  // A server render (and the browser hydrating it) waits for both: its first screen is the board, not its skeleton.
  const [provider, leadsState] = useServerRenderLoadables(providerInfoLoadableAtom, leadsLoadableAtom);
  const query = useAtomValue(boardQueryAtom);
  const [mutationError, setMutationError] = useAtom(mutationErrorAtom);
  const view = useSetAtom(boardViewAtom);
  const retry = useSetAtom(boardRetryAtom);
  const countRef = useRef<HTMLParagraphElement>(null);
  const selection = useAtomValue(selectionAtom);
  const { page, shown, quiet, loadingMore } = useShownPage(leadsState);

  // The list and the open card's body load beside the first page (also for a host that renders
  // the component itself, without the element that preloads them).
  useEffect(() => void preloadLeadBoard().catch(() => undefined), []);

  useEffect(() => {
    analytics.page(LEAD_BOARD_ANALYTICS, { userType: 'Authenticated', serviceProviderId: spId });
  }, [analytics, spId]);

  const { categoryNames, rememberCategory } = useCategoryNames(shown?.leads);

  // The first page is on screen: its cards painted (hydrated, when from a server), or it was
  // answered with nothing to list. Until then nothing the list shows changes: a server's list
  // whose code comes after the board's must hydrate with the props it was rendered with (React
  // renders a boundary afresh when they change first, and the cards' nodes — and focus — go).
  const [listShown, setListShown] = useState(false);
  const markListShown = useCallback(() => setListShown(true), []);
  const firstPageShown = listShown || (leadsState.state !== 'loading' && !shown?.leads.length);

  useOpenLead(shown?.leads[0], firstPageShown, spId);
  useReadOnOpen(firstPageShown);
  useReplyLink(reply ? leadId : null);
  usePageEvents(leadsState, firstPageShown, quiet);
  const { idle, actionsReady } = useAfterFirstScreen(firstPageShown, spId);
  useWithheldContacts(firstPageShown);
  // Once there, the bulk summary's live region stays (a message into a region already there is announced).
  const [bulkUsed, setBulkUsed] = useState(false);
  if (selection.ids.size && !bulkUsed) setBulkUsed(true);
  const reachForBulk = (event: SyntheticEvent) => {
    if ((event.target as Element).closest?.('.lk-card__select')) void Bulk.preload();
  };

  const failure = leadsState.state === 'hasError' ? leadsState.error : provider.state === 'hasError' ? provider.error : null;
  const failed = failure !== null;
  // A retry helps after a network or server failure or an unreadable answer, not after 401/403/404.
  const retryable = failed && isRetryableError(failure);
  // A 511 the host's check has not passed (or no host check at all): the banner says the check is needed, and where it is.
  const challenged = isGatewayError(failure) && failure.kind === 'challenge';
  // What 'Try again' does, by itself once the connection or the pro is back.
  useWhenBack(
    retryable,
    useCallback(() => retry((n) => n + 1), [retry]),
  );
  // New leads while the board is open: its first page seen (above), then a check now and then (arrivals/).
  const boardRef = useRef<HTMLDivElement>(null);
  const touched = useSetAtom(boardTouchedAtom);
  const touchBoard = () => touched((n) => n + 1);
  // The button goes: focus to the count, at the top of the list the new leads open.
  const newLeadsShown = useCallback(() => countRef.current?.focus(), []);
  const settledLeads = leadsState.state === 'hasData' && !leadsState.data.refreshFailed ? leadsState.data.leads : null;
  // A provider info answer without a (readable) name: the header says 'Your leads' (row O1).
  const businessName = provider.state === 'hasData' ? provider.data.name?.trim() || null : null;
  // The office inbox when the inbox is enabled — a host flag (the spec does not say where that
  // is known), and only with the host's route to it (its path is not shown); else the thread.
  // An inbox URL the URL gate refused is as no route: the thread.
  const officeInbox = flags[FLAG_NAMES.officeInbox] === true ? routes.officeInbox : undefined;
  const messageTarget = (lead: Lead): MessageTarget => {
    const inbox = officeInbox?.({ serviceProviderId: spId ?? 0, userId: lead.customerInfo.userId });
    return inbox
      ? { href: inbox, kind: 'office-inbox' }
      : {
          href: routes.conversationThread({ serviceProviderId: spId ?? 0, userId: lead.customerInfo.userId, leadId: lead.leadId }),
          kind: 'conversation-thread',
        };
  };

  // 'View Call Log' only with the host's route to it, and a URL the gate let through.
  const callLog = spId !== null ? routes.callLog?.({ serviceProviderId: spId }) : null;

  const total = page ? Math.max(0, page.totalCount - (shown?.removedCount ?? 0)) : 0;
  const info = paginationInfo({ offset: query.offset, limit: query.limit, totalCount: total });
  const visibleCount = shown?.leads.length ?? 0;

  return (
    // Anything the pro does on the board starts the wait for new leads over from the first one.
    <div
      className="lk-board"
      part="lead-board"
      ref={boardRef}
      onPointerDown={touchBoard}
      onKeyDown={touchBoard}
      data-actions={actionsReady ? 'ready' : undefined}
    >
      <header className="lk-board__header">
        {provider.state === 'loading' ? (
          // The title's own box (same font, same reserve on a phone), with the placeholder inside,
          // on its line of text: 'View Call Log' beside it sits on the same baseline as beside the title.
          <div className="lk-board__title" aria-hidden="true">
            <Skeleton width={280} height="0.8em" />
          </div>
        ) : (
          // Without the provider's answer (it failed), the board is still the pro's leads: 'Your leads' (row O1), never a lone link.
          <h1 className="lk-board__title">{businessName !== null ? t('board.heading', { businessName }) : t('board.headingUnnamed')}</h1>
        )}
        {/* The link's place is kept whether or not the host gives its route (on a phone it is a
            line of its own): the header is as high as the reserve with or without it. */}
        <span className="lk-board__header-link">
          {callLog ? (
            <a href={callLog} onClick={(event) => onLinkClick(event, 'call-log')}>
              {t('board.viewCallLog')}
            </a>
          ) : null}
        </span>
      </header>

      <FilterBar categoryNames={categoryNames} rememberCategory={rememberCategory} firstPageShown={firstPageShown} />

      {mutationError ? (
        <div className="lk-board__toast" role="alert">
          <span>{t(MUTATION_ERROR_KEYS[mutationError.action])}</span>
          <button type="button" className="lk-link-button" onClick={() => setMutationError(null)}>
            {t('board.dismiss')}
          </button>
        </div>
      ) : null}
      {bulkUsed ? (
        <Suspense fallback={null}>
          <Bulk />
        </Suspense>
      ) : null}

      {/* A pointer over or the focus on a card's checkbox loads the bulk toolbar (from here, not from the list: the part stays beside the board's atoms). */}
      <section className="lk-board__leads" aria-label={t('board.leadsRegion')} onPointerOver={reachForBulk} onFocus={reachForBulk}>
        {idle ? (
          <Suspense fallback={null}>
            <Arrivals active={firstPageShown && !failed} root={boardRef} leads={settledLeads} onShown={newLeadsShown} titleCount={titleCount === true} />
          </Suspense>
        ) : null}
        <OutboxSummary />
        {failed ? (
          <ErrorBanner
            {...errorPanel(runtime, failure, {
              onRetry: () => retry((n) => n + 1),
              // The spec's text; after a 511 the host's check has not passed, what it needs (the check, then the page asked again).
              texts: challenged ? { title: t('board.challenge.title'), detail: t('board.challenge.detail') } : { title: null, detail: t('board.loadError') },
            })}
          />
        ) : !page || !shown ? (
          <BoardSkeleton rows={query.limit} />
        ) : total === 0 ? (
          hasActiveFilters(query.filters) ? (
            <div className="lk-board__empty" part="empty-state">
              <p className="lk-board__empty-title">{t('filters.emptyTitle')}</p>
              <p>{t('filters.emptyHint')}</p>
              <button
                type="button"
                className="lk-link-button"
                onClick={(event) => {
                  const filters = event.currentTarget.closest('.lk-board')?.querySelector('.lk-filters');
                  view({ type: 'clear-filters' });
                  // The empty state goes away: focus moves to the filters (their first control).
                  requestAnimationFrame(() => focusFirstControl(filters));
                }}
              >
                {t('filters.clearAll')}
              </button>
            </div>
          ) : (
            <div className="lk-board__empty" part="empty-state">
              <p className="lk-board__empty-title">{t('board.noLeads')}</p>
            </div>
          )
        ) : (
          // Until the list and the open card's body have loaded too, the skeleton stays (nothing pops in later).
          <Suspense fallback={<BoardSkeleton rows={query.limit} />}>
            <BoardList
              leads={shown.leads}
              request={page.request}
              first={visibleCount ? info.firstItemNumber : 0}
              last={visibleCount ? query.offset + visibleCount : 0}
              total={total}
              info={info}
              featuredId={leadId}
              messageTarget={messageTarget}
              loadingMore={loadingMore}
              countRef={countRef}
              onShown={markListShown}
              toolbar={
                selection.ids.size ? (
                  <Suspense fallback={null}>
                    <Bulk leads={shown.leads} archivedView={query.filters.archived} focusAfter={countRef} />
                  </Suspense>
                ) : null
              }
            />
          </Suspense>
        )}
      </section>
    </div>
  );
}
