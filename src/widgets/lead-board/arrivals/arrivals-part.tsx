import { useEffect, type RefObject } from 'react';
import { useSetAtom } from 'jotai/react';
import type { Lead } from '../../../gateway/office/schemas';
import { seeShownLeadsAtom, showArrivalsAtom } from './arrivals-atoms';
import { NewLeads, useArrivalsWatch } from './new-leads';
import { Notices } from './notices';

export interface ArrivalsProps {
  /** The board's first page is on screen and nothing failed: the watch runs. */
  active: boolean;
  root: RefObject<Element | null>;
  /** The page the board settled on (null while one loads, or when it could not be fetched again): its leads are seen. */
  leads: readonly Lead[] | null;
  /** After 'N new leads' was activated and the first page asked for afresh. */
  onShown(): void;
  /** The page title's count of new leads (the board's `title-count`). */
  titleCount: boolean;
}

/**
 * New leads while the board is open (arrivals-atoms.ts), a part of its own: the board mounts it
 * once its first page is on screen and the page is idle, so neither its code nor its first check
 * comes before the first card. Its button takes no room (lead-board.css): nothing moves when it comes.
 * With it, the new leads told outside the board (notices.tsx): the title count, 'Notify me of new
 * leads' (under the list) and a lead opened from a notification. It talks with the board through
 * the store: the pro's hand on the board starts the watch's wait over, a notification opens its
 * lead through the board's view.
 */
export function Arrivals({ active, root, leads, onShown, titleCount }: ArrivalsProps) {
  const seeShownLeads = useSetAtom(seeShownLeadsAtom);
  const showArrivals = useSetAtom(showArrivalsAtom);
  useArrivalsWatch(active, root);
  useEffect(() => {
    if (leads) seeShownLeads(leads);
  }, [leads, seeShownLeads]);
  return (
    <>
      <NewLeads
        onShow={() => {
          showArrivals();
          onShown();
        }}
      />
      <Notices root={root} titleCount={titleCount} />
    </>
  );
}
