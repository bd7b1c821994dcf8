import { memo, useCallback, useId, useRef, useSyncExternalStore } from 'react';
import { useStore } from 'jotai/react';
import type { Atom } from 'jotai/vanilla';
import { leadStatusLabelKey, showsStatusLabel } from '../../../domain/lead-status';
import type { Lead } from '../../../gateway/office/schemas';
import { useRuntime } from '../../../runtime/runtime';
import { useFormat } from '../../../runtime/use-format';
import { customerName, leadPlace } from './lead-board.logic';
import { LeadCardBody } from '../card/card-body-loader';
import { singleClick } from '../../../ui/single-click';
import { OutboxConflict, OutboxPending } from '../changes/outbox-cues';
import { MessageLink } from './message-link';
import { useQuickReply } from '../card/quick-reply-action';
import { cardOpen } from '../view/board-view.logic';
import { openLeadIdAtom, selectionAtom } from '../view/view-atoms';
import { useCardActions } from './card-actions';

/** A fresh lead's age in its two lengths: `full` beside the date on a wide card, `short` on a phone's. */
export interface CardAge {
  readonly full: string;
  readonly short: string;
}

export interface BoardLeadCardProps {
  lead: Lead;
  /**
   * A fresh New lead's age (use-answer-first.ts): how long ago it came ('12 min ago'), shown
   * beside its created date and time (spec §2: the header keeps them); on a phone its short
   * form ('12 min') shows, screen readers still read the full one. Null otherwise.
   */
  age: CardAge | null;
  /** It waits for the pro's first answer: the 'Respond first' badge. */
  respondFirst: boolean;
  /**
   * The first page's first card: open while no card was opened or closed yet. Which card is open
   * the card reads itself (useShare): opening one renders the cards that open and close, not
   * the list.
   */
  opensFirst: boolean;
  featured: boolean;
  /** Where the Message button (and the open card's Message link) leads: office inbox or conversation thread. */
  messageHref: string;
  messageKind: 'office-inbox' | 'conversation-thread';
}

/** Two ages alike when they say the same (the list makes a new one on each render). */
const sameAge = (a: CardAge | null, b: CardAge | null) => a === b || (a !== null && b !== null && a.full === b.full && a.short === b.short);

/**
 * Props alike: each the same, the age by what it says.
 * @internal Exported for tests.
 */
export function sameCardProps(previous: BoardLeadCardProps, next: BoardLeadCardProps): boolean {
  return (Object.keys(next) as (keyof BoardLeadCardProps)[]).every((key) =>
    key === 'age' ? sameAge(previous.age, next.age) : Object.is(previous[key], next[key]),
  );
}

/**
 * A card's share of a store atom (`share`: what the card shows of its value), followed by the card
 * itself: it renders again only when its share changes. Whether it is the open card — the board's
 * open card, or `opensFirst` while no card was opened or closed yet — and whether its lead is
 * selected: a tap renders the card that opens and the one that closes, not the list — nor does the
 * first card opening by itself once the list is on screen (it was open already), which rendered
 * every card again after the board was live.
 */
function useShare<T>(shared: Atom<T>, share: (value: T) => boolean): boolean {
  const store = useStore();
  const subscribe = useCallback((onChange: () => void) => store.sub(shared, onChange), [store, shared]);
  const read = () => share(store.get(shared));
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * One lead on the board: a header row that expands and collapses the card, and the body when
 * open. The expanded body's actions (status, notes, contact, feedback…) slot in below. Its
 * actions it takes from the store (card-actions.ts), not from the list.
 * Memoised: a card re-renders only when its lead or its state change — opening a card renders
 * that card and the one that closes (each reads whether it is the open one), selecting one that
 * card, not the list, nor a fresh lead's card whose age object is new.
 */
export const BoardLeadCard = memo(function BoardLeadCard({ lead, age, respondFirst, opensFirst, featured, messageHref, messageKind }: BoardLeadCardProps) {
  const { t } = useRuntime();
  const format = useFormat();
  const expanded = useShare(openLeadIdAtom, (open) => cardOpen(open, lead.leadId) ?? opensFirst);
  const selected = useShare(selectionAtom, (selection) => selection.ids.has(lead.leadId));
  const cardRef = useRef<HTMLLIElement>(null);
  const actions = useCardActions(cardRef);
  const bodyId = useId();
  const name = customerName(lead, t('lead.memberFallback'));
  const place = leadPlace(lead);
  const message = { href: messageHref, kind: messageKind };
  // Shift held for this toggle: from the click (a pointer) or the key (Shift+Space: the click a
  // key makes may not carry the shift key, the key does).
  const shiftKey = useRef(false);
  // 'Quick reply' beside the Message button while the lead waits for its first answer; its composer under the header.
  const quick = useQuickReply(lead, respondFirst, message);

  return (
    <li ref={cardRef} className="lk-card" part="lead-card" data-lead-id={lead.leadId} data-expanded={expanded} data-read={lead.read}>
      <div className="lk-card__header">
        {/* Outside the expand button: a control of its own. Reaching for it loads the bulk toolbar (lead-board.tsx). */}
        <label className="lk-card__select">
          <input
            type="checkbox"
            checked={selected}
            aria-label={t('board.selectLead', { name })}
            onKeyDown={(event) => (shiftKey.current = event.key === ' ' && event.shiftKey)}
            // The click comes before the change; React's change is made from the click (it has
            // the shift key), Preact's is the DOM's change event (it has none): the click says it.
            onClick={(event) => (shiftKey.current ||= event.shiftKey)}
            onChange={(event) => {
              const range = shiftKey.current;
              shiftKey.current = false;
              actions.select(lead, event.currentTarget.checked, range);
            }}
          />
        </label>
        <button
          type="button"
          className="lk-card__read"
          aria-label={t(lead.read ? 'board.readState.read' : 'board.readState.unread')}
          title={t(lead.read ? 'board.markUnread' : 'board.markRead')}
          onClick={singleClick(() => actions.toggleRead(lead))}
        >
          <span className="lk-card__read-dot" data-unread={!lead.read} />
        </button>
        {/* A heading around the toggle (accordion pattern): the card's sections sit under it. */}
        <h2 className="lk-card__title">
          <button
            type="button"
            className="lk-card__toggle"
            aria-expanded={expanded}
            aria-controls={bodyId}
            onClick={singleClick(() => actions.toggle(lead, opensFirst))}
          >
            <span className="lk-card__arrow" aria-hidden="true" />
            <span className="lk-card__summary">
              <span className="lk-card__line lk-card__headline">
                <span className="lk-card__name">{name}</span>
                {lead.read ? null : <span className="lk-visually-hidden">{t('board.unread')}</span>}
                {/* At the end of the name's line on a wide card (its weight changing as the lead is read moves none of them); a line of their own on a phone, kept in every card (lead-board.css). */}
                <span className="lk-card__badges">
                  {featured ? <span className="lk-card__featured">{t('board.featured')}</span> : null}
                  {respondFirst ? (
                    <span className="lk-card__first" part="respond-first">
                      {t('board.respondFirst')}
                    </span>
                  ) : null}
                  {showsStatusLabel(lead.status) ? (
                    <span className="lk-status" data-status={lead.status}>
                      {t(leadStatusLabelKey(lead.status))}
                    </span>
                  ) : null}
                  <OutboxPending leadId={lead.leadId} />
                </span>
              </span>
              <span className="lk-card__line lk-card__meta">
                {/* Date and category: one box, so on a phone the place shows whole or not at all. */}
                <span className="lk-card__when">
                  <time dateTime={lead.createDate} title={format.fullDate(lead.createDate)} suppressHydrationWarning>
                    {format.leadCreated(lead.createDate)}
                  </time>
                  {/* An age is the clock's: a server's text a minute off stays until the next tick (no hydration mismatch). */}
                  {age ? (
                    <span className="lk-card__age">
                      <span className="lk-card__age-full" suppressHydrationWarning>
                        {age.full}
                      </span>
                      <span className="lk-card__age-short" aria-hidden="true" suppressHydrationWarning>
                        {age.short}
                      </span>
                    </span>
                  ) : null}
                  <span className="lk-card__category">{lead.category.name}</span>
                </span>
                {place ? <span className="lk-card__place">{place}</span> : null}
              </span>
            </span>
          </button>
        </h2>
        <div className="lk-card__actions">
          {lead.isArchived ? (
            <button type="button" className="lk-link-button" onClick={() => actions.archive(lead, false)}>
              {t('board.moveToActive')}
            </button>
          ) : null}
          {quick.button}
          <MessageLink lead={lead} target={message} look="button" part="message-button" />
        </div>
      </div>
      {quick.composer}
      <OutboxConflict leadId={lead.leadId} />
      <div id={bodyId} className="lk-card__body" hidden={!expanded}>
        {expanded ? <LeadCardBody lead={lead} message={message} /> : null}
      </div>
    </li>
  );
}, sameCardProps);
