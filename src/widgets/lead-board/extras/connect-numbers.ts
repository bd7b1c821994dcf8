import type { Lead } from '../../../gateway/office/schemas';
import { FLAG_NAMES, type Flags } from '../../../contract/flags';
import { useRuntime } from '../../../runtime/runtime';

/**
 * The connect-your-numbers entry shows when call tracking is on (flag
 * `pro_ads_leadcalltracking_v2_frontend_lead_board`) and the card's flags say the provider
 * opted in but has not connected a number. Apart from the dialog, which is a part of the card's
 * extras (card-extras-part.ts): the open card decides on its first frame.
 * @internal Exported for tests.
 */
export function showsConnectNumbers(flags: Flags, lead: Pick<Lead, 'isOptedInButNotConnected'>): boolean {
  return flags[FLAG_NAMES.callTracking] === true && lead.isOptedInButNotConnected === true;
}

/** `showsConnectNumbers` with the widget's flags. */
export function useShowsConnectNumbers(lead: Pick<Lead, 'isOptedInButNotConnected'>): boolean {
  return showsConnectNumbers(useRuntime().flags, lead);
}
