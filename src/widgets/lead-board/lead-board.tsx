import { Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai/react';
import { hasActiveFilters } from '../../domain/filters';
import { paginationInfo } from '../../domain/pagination';
import { describeGatewayError, isAbortError, isGatewayError, isRetryableError } from '../../gateway/errors';
import type { LeadStatus } from '../../domain/lead-status';
import type { Lead } from '../../gateway/office/schemas';
import type { MessageKey } from '../../i18n/en-US';
import { useFirstScreenFromServer, useFirstScreenLoadables } from '../../runtime/first-screen';
import { FLAG_NAMES } from '../../contract/flags';
import { useRuntime } from '../../runtime/runtime';
import { useStyles } from '../../runtime/styles';
import { useAtomInput } from '../../runtime/use-atom-input';
import { afterNextPaint } from '../../ui/after-next-paint';
import { focusFirstControl } from '../../ui/focus-first';
import { useStableHandler } from '../../ui/use-stable-handler';
import { useWhenBack } from '../../ui/use-when-back';
import { useIdleAfter } from '../../ui/when-idle';
import switchCss from '../../ui/switch.css?inline';
import leadBoardCss from './lead-board.css?inline';
import { ErrorBanner } from '../../ui/error-banner';
import { Skeleton } from '../../ui/skeleton';
import {
  boardDraftsAtom,
  boardChatServiceAtom,
  boardInputsAtom,
  boardQueryAtom,
  boardRetryAtom,
  changeSortAtom,
  clearFiltersAtom,
  expandedLeadIdAtom,
  goToPageAtom,
  leadsLoadableAtom,
  leadsQuietAtom,
  leadsReloadAtom,
  providerInfoLoadableAtom,
  withholdContactsAtom,
  selectionAtom,
  toggleSelectedAtom,
  settlePageAtom,
  type LeadsPage,
} from './board-atoms';
import {
  archiveLeadsAtom,
  clearOutboxAtom,
  loadOutboxAtom,
  type MutationAction,
  mutationErrorAtom,
  patchesAtom,
  replayOutboxAtom,
  markLeadsReadAtom,
  visibleLeads,
} from './changes/lead-changes';
import { outboxEntriesAtom } from './changes/outbox-atoms';
import { OutboxSummary } from './changes/outbox-cues';
import { BoardSkeleton } from './list/board-skeleton';
import { Arrivals, BoardList, preloadBoardActions, preloadLeadBoard } from './board-loaders';
import { FilterBar } from './filters/filter-bar';
import { Bulk } from './bulk/bulk-loader';
import { useBoardAnalytics } from './board-analytics';
import type { WidgetAttributeProps } from '../../contract/tags';

/** Its tag's attributes (src/contract/tags.ts; described on its element, src/elements/lead-board.element.ts). */
export type LeadBoardProps = WidgetAttributeProps<'lead-board'>;

/** The board's CSS and that of the ui primitives in its first render (the list and the filter panel bring their own). */
const STYLES = [switchCss, leadBoardCss];

/** With `on`, the document's title is the board's ('Business Center') while it is shown; the previous one comes back after. */
function useDocumentTitle(on: boolean) {
  const { t } = useRuntime();
  const title = t('board.title');
  useEffect(() => {
    if (!on || typeof document === 'undefined') return;
    const previous = document.title;
    document.title = title;
    return () => {
      if (document.title === title) document.title = previous;
    };
  }, [on, title]);
}

/** What a failed change says (the spec gives no text for these; ours, in the catalogue). */
const MUTATION_ERROR_KEYS: Record<MutationAction, MessageKey> = {
  read: 'board.error.read',
  archive: 'board.error.archive',
  restore: 'board.error.restore',
  queued: 'board.error.queued',
};

/** Analytics page name; the page event carries the board's activity location too (board-analytics.ts). */
export const LEAD_BOARD_ANALYTICS = 'SP : Lead Board';

/**
 * The provider's lead board: header, filters, 'Showing X - Y of Z
 * results', sort, the expandable lead cards and paging.
 */
export function LeadBoard({
  spId = null,
  leadId = null,
  newMessages = false,
  pageSize = null,
  setTitle = false,
  drafts = null,
  chatService = null,
}: LeadBoardProps) {
  useStyles(STYLES);
  useDocumentTitle(setTitle === true);
  useAtomInput(boardInputsAtom, { spId, featuredLeadId: leadId, newMessages: newMessages === true, pageSize: pageSize && pageSize > 0 ? pageSize : null });
  useAtomInput(boardDraftsAtom, drafts !== 'off');
  useAtomInput(boardChatServiceAtom, chatService ?? null);
  const { t, routes, flags, onLinkClick, emit, logInLink, client } = useRuntime();
  const analytics = useBoardAnalytics();
  // A server render (and the browser hydrating it) waits for both: its first screen is the board, not its skeleton.
  const [provider, leadsState] = useFirstScreenLoadables(providerInfoLoadableAtom, leadsLoadableAtom);
  const quiet = useAtomValue(leadsQuietAtom);
  const query = useAtomValue(boardQueryAtom);
  const patches = useAtomValue(patchesAtom);
  const [expandedState, setExpanded] = useAtom(expandedLeadIdAtom);
  const [mutationError, setMutationError] = useAtom(mutationErrorAtom);
  const markRead = useSetAtom(markLeadsReadAtom);
  const archiveLeads = useSetAtom(archiveLeadsAtom);
  const changeSort = useSetAtom(changeSortAtom);
  const goToPage = useSetAtom(goToPageAtom);
  const clearFilters = useSetAtom(clearFiltersAtom);
  const retry = useSetAtom(boardRetryAtom);
  const countRef = useRef<HTMLParagraphElement>(null);
  const [categoryNames, setCategoryNames] = useState<ReadonlyMap<number, string>>(new Map());
  const selection = useAtomValue(selectionAtom);

  // The last page stays on screen (dimmed) while the next loads: no skeleton flash, no jump.
  const lastPage = useRef<LeadsPage | null>(null);
  if (leadsState.state === 'hasData') lastPage.current = leadsState.data;
  const page = lastPage.current;
  const loadingMore = leadsState.state === 'loading' && page !== null && !quiet;
  // The page on screen could not be fetched again (offline after a change): asked again once the
  // connection or the pro is back.
  const reload = useSetAtom(leadsReloadAtom);
  useWhenBack(
    page?.refreshFailed === true,
    useCallback(() => reload((n) => n + 1), [reload]),
  );

  // The list and the open card's body load beside the first page (also for a host that renders
  // the component itself, without the element that preloads them).
  useEffect(() => void preloadLeadBoard().catch(() => undefined), []);

  useEffect(() => {
    analytics.page(LEAD_BOARD_ANALYTICS, { userType: 'Authenticated', serviceProviderId: spId });
  }, [analytics, spId]);

  // Memoised: the leads' identity changes only with the page or its changes (effects below follow it).
  const shown = useMemo(() => (page ? visibleLeads(page, patches) : null), [page, patches]);

  // Names of categories for filter tags: from the leads on screen and from picked suggestions.
  const rememberCategory = useCallback((id: number, name: string) => {
    setCategoryNames((names) => (names.get(id) === name ? names : new Map(names).set(id, name)));
  }, []);
  useEffect(() => {
    for (const lead of shown?.leads ?? []) rememberCategory(lead.category.id, lead.category.name);
  }, [shown?.leads, rememberCategory]);

  // The first page is on screen: its cards painted (hydrated, when from a server), or it was
  // answered with nothing to list. Until then nothing the list shows changes: a server's list
  // whose code comes after the board's must hydrate with the props it was rendered with (React
  // renders a boundary afresh when they change first, and the cards' nodes — and focus — go).
  const [listShown, setListShown] = useState(false);
  const markListShown = useCallback(() => setListShown(true), []);
  const firstPageShown = listShown || (leadsState.state !== 'loading' && !shown?.leads.length);

  // The first lead opens with the list — in the same frame, so nothing jumps — and, once the
  // list is on screen, opening it marks it read.
  const firstLead = shown?.leads[0];
  const expanded = expandedState === undefined ? (firstLead?.leadId ?? undefined) : expandedState;
  useEffect(() => {
    if (expandedState !== undefined || !firstLead || !firstPageShown) return;
    setExpanded(firstLead.leadId);
    // Marked read once the opened card has painted: the call is not part of the first screen.
    afterNextPaint(() => void markRead({ leads: [firstLead], read: true }));
  }, [expandedState, firstLead, firstPageShown, setExpanded, markRead]);

  const settlePage = useSetAtom(settlePageAtom);
  // The page settled and the answer the host was told of (once per answer: hydrating, an effect may run again for the same one).
  const settled = useRef<LeadsPage | null>(null);
  const told = useRef<unknown>(null);
  const pageTold = useRef(false);
  useEffect(() => {
    if (leadsState.state === 'hasData') {
      if (settled.current !== leadsState.data) {
        settled.current = leadsState.data;
        settlePage();
      }
      // Told once its cards are on screen and live: hydrating a server's page, the list's code may
      // come after the board's, and until then its cards are the server's HTML, deaf to a click.
      if (!firstPageShown || told.current === leadsState.data) return;
      const first = !pageTold.current;
      told.current = leadsState.data;
      pageTold.current = true;
      // A page kept after a failed fetch again was shown already, a quiet fetch again shows the same:
      // nothing new loaded (unless the host was told of no page yet: the list came after the quiet fetch).
      if (first || (!leadsState.data.refreshFailed && !quiet)) emit('lk-load', { widget: 'lead-board' });
    } else if (leadsState.state === 'hasError' && !isAbortError(leadsState.error) && told.current !== leadsState.error) {
      const error = leadsState.error;
      told.current = error;
      emit('lk-error', { widget: 'lead-board', status: isGatewayError(error) ? error.status : null, kind: isGatewayError(error) ? error.kind : 'unknown' });
    }
  }, [leadsState, firstPageShown, quiet, emit, settlePage]);

  // Once the first page is on screen and the page is idle: the parts the first screen does not show
  // (new leads; the outbox's storage) start, and the code of every other action is fetched, so the
  // board still works when the connection drops after it loaded. `data-actions="ready"` on the
  // board's root says it all arrived.
  const idle = useIdleAfter(firstPageShown);
  const [actionsReady, setActionsReady] = useState(false);
  useEffect(() => {
    if (!idle) return;
    let live = true;
    preloadBoardActions().then(
      () => live && setActionsReady(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [idle]);

  // The offline outbox (changes/outbox-atoms.ts): once the first page is on screen and the page is idle, the changes
  // kept on this device show on their leads and are sent if the device is online; again each
  // time the connection (or the page) comes back while some wait. Sign-out empties it.
  const loadOutbox = useSetAtom(loadOutboxAtom);
  const replayOutbox = useSetAtom(replayOutboxAtom);
  const clearOutbox = useSetAtom(clearOutboxAtom);
  const outboxWaiting = useAtomValue(outboxEntriesAtom).some((entry) => !entry.conflict);
  // Its storage's code is asked for once the first screen is done (preloadBoardActions): a pro going offline after has it.
  useEffect(() => {
    if (!idle || spId === null) return;
    void loadOutbox().then(() => replayOutbox());
  }, [idle, spId, loadOutbox, replayOutbox]);
  // Entries are only queued offline: waiting while online means the connection came back before this listened.
  useWhenBack(
    outboxWaiting,
    useCallback(() => void replayOutbox(), [replayOutbox]),
    { ifOnlineAlready: true },
  );
  const signedIn = client.auth.kind === 'provider';
  const wasSignedIn = useRef(signedIn);
  useEffect(() => {
    if (wasSignedIn.current && !signedIn) void clearOutbox();
    wasSignedIn.current = signedIn;
  }, [signedIn, clearOutbox]);

  // Hydrated from a server's first screen: its page leaves out the customers' contact details,
  // fetched only when the pro reaches for 'Contact' — hydration asks for nothing the server
  // answered (board-atoms.ts, withholdContactsAtom).
  const fromServer = useFirstScreenFromServer();
  const withholdContacts = useSetAtom(withholdContactsAtom);
  const withheldOnce = useRef(false);
  // In the commit that shows the page: no tap or focus can come before it.
  useLayoutEffect(() => {
    if (!fromServer || !firstPageShown || withheldOnce.current) return;
    withheldOnce.current = true;
    withholdContacts();
  }, [fromServer, firstPageShown, withholdContacts]);

  // Stable handlers: the cards are memoised, so opening one re-renders only the cards that change.
  const toggle = useStableHandler((lead: Lead) => {
    if (expanded === lead.leadId) return setExpanded(null);
    setExpanded(lead.leadId);
    // Read once the opened card has painted: the read dot and the call wait a frame, the card does not.
    afterNextPaint(() => void markRead({ leads: [lead], read: true }));
  });
  // The board's one read action (as the bulk toolbar's): it fires lk-lead-read itself.
  const toggleRead = useStableHandler((lead: Lead) => void markRead({ leads: [lead], read: !lead.read, emit }));
  const statusChanged = useStableHandler((changed: Lead, status: LeadStatus) => emit('lk-lead-status-change', { leadId: changed.leadId, status }));
  const listRef = useRef<HTMLUListElement>(null);
  // A lead that left the list while focus was in it (archived by keyboard): focus goes on in the
  // commit that removes it — to the card that opened in its place, or the count — never a frame
  // on the page's body (which Preact showed: its removal and a later frame are apart).
  const focusAfterRemoval = useRef<number | null>(null);
  useLayoutEffect(() => {
    const leadId = focusAfterRemoval.current;
    const list = listRef.current;
    if (leadId === null || list?.querySelector(`[data-lead-id="${leadId}"]`)) return;
    focusAfterRemoval.current = null;
    (list?.querySelector<HTMLButtonElement>('[data-expanded="true"] [aria-expanded]') ?? countRef.current)?.focus();
  });
  const archive = useStableHandler((lead: Lead, archived: boolean) => {
    const hadFocus = listRef.current?.contains((listRef.current.getRootNode() as Document | ShadowRoot).activeElement) ?? false;
    if (hadFocus) focusAfterRemoval.current = lead.leadId;
    // A failed archive brings the lead back: focus is not moved later, out of the blue.
    void archiveLeads({ leads: [lead], archived, emit }).finally(() => {
      if (focusAfterRemoval.current === lead.leadId) focusAfterRemoval.current = null;
    });
  });
  const toggleSelected = useSetAtom(toggleSelectedAtom);
  const select = useStableHandler((lead: Lead, selected: boolean, range: boolean) =>
    toggleSelected({ leadId: lead.leadId, selected, range: range && shown ? shown.leads.map((shownLead) => shownLead.leadId) : null }),
  );
  // Once there, the bulk summary's live region stays (a message into a region already there is announced).
  const [bulkUsed, setBulkUsed] = useState(false);
  if (selection.ids.size && !bulkUsed) setBulkUsed(true);
  const reachForBulk = (event: SyntheticEvent) => {
    if ((event.target as Element).closest?.('.lk-card__select')) void Bulk.preload();
  };
  const movePage = (index: number) => {
    if (goToPage(index)) countRef.current?.focus();
  };

  const failure = leadsState.state === 'hasError' ? leadsState.error : provider.state === 'hasError' ? provider.error : null;
  const failed = failure !== null;
  // A retry helps after a network or server failure or an unreadable answer, not after 401/403/404.
  const failedStatus = failed ? describeGatewayError(failure).status : null;
  const retryable = failed && isRetryableError(failure);
  // What 'Try again' does, by itself once the connection or the pro is back.
  useWhenBack(
    retryable,
    useCallback(() => retry((n) => n + 1), [retry]),
  );
  // New leads while the board is open: its first page seen (above), then a check now and then (arrivals/).
  const boardRef = useRef<HTMLDivElement>(null);
  const nudgeRef = useRef<() => void>(() => undefined);
  const nudgeArrivals = useCallback(() => nudgeRef.current(), []);
  // The button goes: focus to the count, at the top of the list the new leads open.
  const newLeadsShown = useCallback(() => countRef.current?.focus(), []);
  const settledLeads = leadsState.state === 'hasData' && !leadsState.data.refreshFailed ? leadsState.data.leads : null;
  // A provider info answer without a (readable) name: the header says 'Your leads' (row O1).
  const businessName = provider.state === 'hasData' ? provider.data.name?.trim() || null : null;
  // The office inbox when the inbox is enabled — a host flag (the spec does not say where that
  // is known), and only with the host's route to it (its path is not shown); else the thread.
  const officeInbox = flags[FLAG_NAMES.officeInbox] === true ? routes.officeInbox : undefined;
  const inbox = officeInbox !== undefined;
  const messageHref = (lead: Lead) =>
    officeInbox
      ? officeInbox({ serviceProviderId: spId ?? 0, userId: lead.customerInfo.userId })
      : routes.conversationThread({ serviceProviderId: spId ?? 0, userId: lead.customerInfo.userId, leadId: lead.leadId });

  const total = page ? Math.max(0, page.totalCount - (shown?.removedCount ?? 0)) : 0;
  const info = paginationInfo({ offset: query.offset, limit: query.limit, totalCount: total });
  const visibleCount = shown?.leads.length ?? 0;

  return (
    // Anything the pro does on the board starts the wait for new leads over from the first one.
    <div
      className="lk-board"
      part="lead-board"
      ref={boardRef}
      onPointerDown={nudgeArrivals}
      onKeyDown={nudgeArrivals}
      data-actions={actionsReady ? 'ready' : undefined}
    >
      <header className="lk-board__header">
        {provider.state === 'hasData' ? (
          <h1 className="lk-board__title">{businessName !== null ? t('board.heading', { businessName }) : t('board.headingUnnamed')}</h1>
        ) : provider.state === 'loading' ? (
          // The title's own box (same font, same reserve on a phone), with the placeholder inside,
          // on its line of text: 'View Call Log' beside it sits on the same baseline as beside the title.
          <div className="lk-board__title" aria-hidden="true">
            <Skeleton width={280} height="0.8em" />
          </div>
        ) : null}
        {/* The link's place is kept whether or not the host gives its route (on a phone it is a
            line of its own): the header is as high as the reserve with or without it. */}
        <span className="lk-board__header-link">
          {spId !== null && routes.callLog ? (
            <a href={routes.callLog({ serviceProviderId: spId })} onClick={(event) => onLinkClick(event, 'call-log')}>
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
            <Arrivals active={firstPageShown && !failed} root={boardRef} nudge={nudgeRef} leads={settledLeads} onShown={newLeadsShown} />
          </Suspense>
        ) : null}
        <OutboxSummary />
        {failed ? (
          <ErrorBanner
            detail={t('board.loadError')}
            link={failedStatus === 401 ? logInLink() : undefined}
            action={
              retryable ? (
                <button type="button" className="lk-button" data-variant="secondary" onClick={() => retry((n) => n + 1)}>
                  {t('action.retry')}
                </button>
              ) : undefined
            }
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
                  clearFilters();
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
              first={visibleCount ? info.firstItemNumber : 0}
              last={visibleCount ? query.offset + visibleCount : 0}
              total={total}
              sort={query.sort}
              onSortChange={(sort) => changeSort(sort)}
              pageIndex={query.pageIndex}
              info={info}
              onPageChange={movePage}
              expandedId={expanded}
              featuredId={leadId}
              inbox={inbox}
              messageHref={messageHref}
              loadingMore={loadingMore}
              onToggle={toggle}
              onToggleRead={toggleRead}
              onArchive={archive}
              onStatusChanged={statusChanged}
              countRef={countRef}
              listRef={listRef}
              onShown={markListShown}
              selectedIds={selection.ids}
              onSelect={select}
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
