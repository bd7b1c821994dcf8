/**
 * The lead board's jobs, one named hook each (lead-board.tsx composes them): the page kept on
 * screen while the next loads, the first lead opening, the opened lead marked read, the `reply`
 * link, telling the host of each page, what starts once the first screen is done (the other
 * actions' code, the offline outbox) and the contacts a server's page leaves out.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai/react';
import type { Loadable } from '../../runtime/loadable';
import { isAbortError, isGatewayError } from '../../gateway/core/errors';
import type { Lead } from '../../gateway/office/schemas';
import { useServerRendered } from '../../runtime/server-render-gate';
import { useRuntime } from '../../runtime/runtime';
import { afterNextPaint } from '../../ui/after-next-paint';
import { useWhenBack } from '../../ui/use-when-back';
import { useIdleAfter } from '../../ui/when-idle';
import { leadsQuietAtom, leadsReloadAtom, openFromOutsideAtom, settlePageAtom, withholdContactsAtom, type LeadsPage } from './board-page';
import { preloadBoardActions } from './board-loaders';
import { clearOutboxAtom, loadOutboxAtom, replayOutboxAtom } from './changes/change-engine';
import { markLeadsReadAtom } from './changes/lead-changes';
import { patchesAtom, shownLeadsAtom, visibleLeads } from './changes/lead-patches';
import { outboxEntriesAtom } from './changes/outbox-atoms';
import { boardViewAtom, openLeadIdAtom } from './view/view-atoms';

/** With `on`, the document's title is the board's ('Business Center') while it is shown; the previous one comes back after. */
export function useDocumentTitle(on: boolean): void {
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

/**
 * The page of leads on screen and the leads it shows (the page with the changes made on it). The
 * last page stays on screen (dimmed: `loadingMore`) while the next loads: no skeleton flash, no
 * jump. A page that could not be fetched again (offline after a change) is asked again once the
 * connection or the pro is back.
 */
export function useShownPage(leadsState: Loadable<LeadsPage>) {
  const quiet = useAtomValue(leadsQuietAtom);
  const patches = useAtomValue(patchesAtom);
  const lastPage = useRef<LeadsPage | null>(null);
  if (leadsState.state === 'hasData') lastPage.current = leadsState.data;
  const page = lastPage.current;
  const reload = useSetAtom(leadsReloadAtom);
  useWhenBack(
    page?.refreshFailed === true,
    useCallback(() => reload((n) => n + 1), [reload]),
  );
  // Memoised: the leads' identity changes only with the page or its changes (effects follow it).
  const shown = useMemo(() => (page ? visibleLeads(page, patches) : null), [page, patches]);
  return { page, shown, quiet, loadingMore: leadsState.state === 'loading' && page !== null && !quiet };
}

/** Names of categories for filter tags: from the leads on screen and from picked suggestions. */
export function useCategoryNames(leads: readonly Lead[] | undefined) {
  const [categoryNames, setCategoryNames] = useState<ReadonlyMap<number, string>>(new Map());
  const rememberCategory = useCallback((id: number, name: string) => {
    setCategoryNames((names) => (names.get(id) === name ? names : new Map(names).set(id, name)));
  }, []);
  useEffect(() => {
    for (const lead of leads ?? []) rememberCategory(lead.category.id, lead.category.name);
  }, [leads, rememberCategory]);
  return { categoryNames, rememberCategory };
}

/**
 * The first lead opens with the list — in the same frame, so nothing jumps (it is open while no
 * card was chosen: list/board-lead-card.tsx) — and for good once the list is on screen (the
 * view's `open-first`, which the view takes only while no card was opened or closed: a tap between
 * the list's first paint and this effect is not undone). The board follows neither which card is
 * open nor whether one was chosen yet: each card reads that itself, so a tap renders the cards it
 * opens and closes, and the first card opening by itself (it was open already) renders nothing at
 * all. Asked again for each first page and each provider (another provider's board has none chosen).
 */
export function useOpenLead(firstLead: Lead | undefined, firstPageShown: boolean, spId: number | null): void {
  const view = useSetAtom(boardViewAtom);
  useEffect(() => {
    if (firstLead && firstPageShown) view({ type: 'open-first', leadId: firstLead.leadId });
  }, [firstLead, firstPageShown, spId, view]);
}

/**
 * The one place an opened lead is marked read, whichever way it opened — a tap, the first card,
 * the next after an archive, a notification, the service worker's message, `reply`: once the list
 * is on screen, each lead the view opens is marked read when it is on the page shown (at once, or
 * once the page asked for it arrives), after its card has painted (the read dot and the call wait
 * a frame, the card does not; the call is not part of the first screen). The board follows the
 * open card through the store, not a render. A lead already read is not marked again: the read
 * action skips a lead by its state on screen, so a lead opened twice at once is marked once.
 */
export function useReadOnOpen(firstPageShown: boolean): void {
  const store = useStore();
  const markRead = useSetAtom(markLeadsReadAtom);
  useEffect(() => {
    if (!firstPageShown) return;
    let waiting = store.get(openLeadIdAtom);
    const markWhenShown = () => {
      const lead = store.get(shownLeadsAtom)?.find((shown) => shown.leadId === waiting);
      if (!lead) return;
      waiting = null;
      afterNextPaint(() => void markRead({ leads: [lead], read: true }));
    };
    const stops = [
      store.sub(openLeadIdAtom, () => {
        waiting = store.get(openLeadIdAtom);
        markWhenShown();
      }),
      store.sub(shownLeadsAtom, markWhenShown),
    ];
    markWhenShown();
    return () => stops.forEach((stop) => stop());
  }, [firstPageShown, store, markRead]);
}

/** `reply` with `lead-id` (the route a notification opens): that lead opens with its quick answer ready, from the board's first render on. */
export function useReplyLink(leadId: number | null): void {
  const open = useSetAtom(openFromOutsideAtom);
  useEffect(() => {
    if (leadId !== null) open(leadId);
  }, [leadId, open]);
}

/**
 * Each answer settled, and the host told once per answer (hydrating, an effect may run again for
 * the same one): `lk-load` once a page's cards are on screen and live — hydrating a server's page,
 * the list's code may come after the board's, and until then its cards are the server's HTML,
 * deaf to a click — and `lk-error` for a failed one.
 */
export function usePageEvents(leadsState: Loadable<LeadsPage>, firstPageShown: boolean, quiet: boolean): void {
  const { emit } = useRuntime();
  const settlePage = useSetAtom(settlePageAtom);
  const settled = useRef<LeadsPage | null>(null);
  const told = useRef<unknown>(null);
  const pageTold = useRef(false);
  useEffect(() => {
    if (leadsState.state === 'hasData') {
      if (settled.current !== leadsState.data) {
        settled.current = leadsState.data;
        settlePage();
      }
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
}

/**
 * Once the first page is on screen and the page is idle (`idle`): the parts the first screen does
 * not show start, and the code of every other action is fetched, so the board still works when the
 * connection drops after it loaded (`actionsReady`: it all arrived). The offline outbox
 * (changes/outbox-atoms.ts) loads then: the changes kept on this device show on their leads and
 * are sent if the device is online; again each time the connection (or the page) comes back while
 * some wait. Sign-out empties it.
 */
export function useAfterFirstScreen(firstPageShown: boolean, spId: number | null) {
  const { client } = useRuntime();
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
  const loadOutbox = useSetAtom(loadOutboxAtom);
  const replayOutbox = useSetAtom(replayOutboxAtom);
  const clearOutbox = useSetAtom(clearOutboxAtom);
  const outboxWaiting = useAtomValue(outboxEntriesAtom).some((entry) => !entry.conflict);
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
  return { idle, actionsReady };
}

/**
 * Hydrated from a server's first screen: its page leaves out the customers' contact details,
 * fetched only when the pro reaches for 'Contact' — hydration asks for nothing the server
 * answered (board-page.ts, withholdContactsAtom). In the commit that shows the page: no tap or
 * focus can come before it.
 */
export function useWithheldContacts(firstPageShown: boolean): void {
  const fromServer = useServerRendered();
  const withholdContacts = useSetAtom(withholdContactsAtom);
  const withheldOnce = useRef(false);
  useLayoutEffect(() => {
    if (!fromServer || !firstPageShown || withheldOnce.current) return;
    withheldOnce.current = true;
    withholdContacts();
  }, [fromServer, firstPageShown, withholdContacts]);
}
