import { atom } from 'jotai/vanilla';
import { boardLeadCounts, leadCountsOff, type LeadCountsRequest } from '../../../gateway/office/lead-counts';
import type { LeadCounts } from '../../../gateway/office/lead-counts-schema';
import { clientAtom } from '../../../runtime/client-atom';
import { loadableOf } from '../../../runtime/loadable';
import { requireProvider } from '../board-host';
import { leadsReloadAtom } from '../board-page';
import { boardRetryAtom } from '../board-provider';
import { boardInputsAtom, boardQueryAtom } from '../view/view-atoms';
import { leadCountsReloadAtom } from '../changes/lead-patches';
import { toLeadListRequest } from '../board-request';

/**
 * The board's status and unread counts, from the leadkit-designed counts call or
 * the host's `leadCounts` (gateway/office/lead-counts.ts). With `leadCounts: false` nothing is
 * asked and no counts show once the first page is on screen. This module loads with the parts that show them, once the
 * first page is on screen (filter-bar.tsx): never part of the board's first content.
 *
 * Fetched when first shown, again when the query's filters change (not its page or sort: the
 * key below is a string, so an equal one recomputes nothing), when the page is fetched again
 * after lead changes (`leadsReloadAtom`: archive, restore, a failed change, retry) and when a
 * status change settled (`leadCountsReloadAtom`). A newer fetch aborts the older (jotai's
 * `signal`). A failed first fetch for the filters shows no counts; a failed fetch again for the
 * same filters keeps the counts shown. It never shows an error (the filters work without).
 */

/**
 * The provider and the list call's filters for the current query, as a key: the counts take the
 * same filters (and counts of another provider — `<lead-app>` moving between boards — never show).
 */
const countsFiltersKeyAtom = atom((get) => JSON.stringify([get(boardInputsAtom).spId, toLeadListRequest(get(boardQueryAtom), null, '').filters ?? {}]));

interface BoardCounts extends LeadCounts {
  /** The provider and filters they were counted for (see countsFiltersKeyAtom). */
  readonly key: string;
}

const leadCountsAtom = atom(async (get, { signal }): Promise<BoardCounts> => {
  get(leadsReloadAtom);
  get(leadCountsReloadAtom);
  get(boardRetryAtom);
  const { client, spId } = requireProvider(get, 'leadBoard.counts');
  const key = get(countsFiltersKeyAtom);
  const [, filters] = JSON.parse(key) as [number, LeadCountsRequest['filters']];
  const counts = await boardLeadCounts(client, spId, { filters }, { signal });
  return { ...counts, key };
});
const leadCountsLoadableAtom = loadableOf(leadCountsAtom);

/**
 * What the counts show: `counts` for the current filters; `loading` while the first answer for
 * these filters is on its way (their places stay kept); `none` when the call failed. Counts of the
 * same filters stay shown while they are fetched again (after a lead change) — no flicker — and
 * when fetching them again failed.
 */
export type CountsView = { readonly state: 'counts'; readonly counts: LeadCounts } | { readonly state: 'loading' } | { readonly state: 'none' };

const LOADING: CountsView = { state: 'loading' };
const NONE: CountsView = { state: 'none' };

/** The host turned the counts off (`leadCounts: false`). */
const countsOffAtom = atom((get) => {
  const client = get(clientAtom);
  return client !== null && leadCountsOff(client);
});

/** The last counts that arrived, per store. */
const lastCountsAtom = atom(() => ({ current: null as BoardCounts | null }));

export const countsViewAtom = atom((get): CountsView => {
  if (get(countsOffAtom)) return NONE;
  const state = get(leadCountsLoadableAtom);
  const last = get(lastCountsAtom);
  if (state.state === 'hasData') last.current = state.data;
  const key = get(countsFiltersKeyAtom);
  const shown = last.current && last.current.key === key ? last.current : null;
  // Asked again for the same filters and failed (offline after a change): the counts on screen stay.
  if (shown) return { state: 'counts', counts: shown };
  return state.state === 'hasError' ? NONE : LOADING;
});

/**
 * Before the counts are wanted (the first page not yet shown): their places are kept, nothing is
 * fetched. It reads nothing, not even whether the host turned counts off: reading the client here
 * made a server-rendered board render again from scratch as it hydrated (its client is set anew then).
 */
export const idleCountsViewAtom = atom((): CountsView => LOADING);
