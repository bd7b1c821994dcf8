import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useAtomValue, useSetAtom } from 'jotai/react';
import { hasMultiplePages, type PaginationInfo } from '../../../domain/pagination';
import { SORT_OPTIONS, sortLabelKey, type SortOption } from '../../../domain/sort';
import type { Lead } from '../../../gateway/office/schemas';
import { useRuntime } from '../../../runtime/runtime';
import type { Translate } from '../../../i18n/core/translate';
import { useStyles } from '../../../runtime/styles';
import paginationCss from '../../../ui/pagination.css?inline';
import selectCss from '../../../ui/select.css?inline';
import boardListCss from './board-list.css?inline';
import { Pagination } from '../../../ui/pagination';
import { Select } from '../../../ui/select';
import { goToPageAtom } from '../board-page';
import { boardQueryAtom, boardViewAtom } from '../view/view-atoms';
import { BoardLeadCard, type CardAge } from './board-lead-card';
import { useFocusAfterRemoval } from './card-actions';
import type { MessageTarget } from './message-link';
import { useAnswerFirst } from './use-answer-first';
import type { LeadAge } from '../../../domain/lead-age';

const STYLES = [paginationCss, selectCss, boardListCss];

export interface BoardListProps {
  leads: readonly Lead[];
  /**
   * The request the leads answer (LeadsPage.request). Another filter, sort or page shows a new
   * list in place of the old one: its cards are new, none slides from where it was to where it
   * is now (which, when the answer comes late, moves cards on screen the pro did not touch).
   */
  request: string;
  /** 'Showing X - Y of Z results' numbers. */
  first: number;
  last: number;
  total: number;
  info: PaginationInfo;
  featuredId: number | null;
  /** Where a lead's Message button and link lead (lead-board.tsx picks it: the office inbox, else the conversation thread). */
  messageTarget(lead: Lead): MessageTarget;
  loadingMore: boolean;
  /** The count: focus goes there after a move to another page, or when the lead that had it left. */
  countRef: RefObject<HTMLParagraphElement | null>;
  /** Called once the list is on screen (after its first paint). */
  onShown(): void;
  /** The bulk toolbar while leads are selected: it lies over this header row (bulk.css), so nothing moves. */
  toolbar: ReactNode;
}

/** A fresh New lead's age as its card says it beside its date ('12 min ago'; on a phone '12 min'), or null. */
function ageText(t: Translate, age: LeadAge | null): CardAge | null {
  if (!age) return null;
  if (age.unit === 'now') return { full: t('board.age.now'), short: t('board.age.short.now') };
  const count = { count: age.count };
  return age.unit === 'minutes'
    ? { full: t('board.age.minutes', count), short: t('board.age.short.minutes', count) }
    : { full: t('board.age.hours', count), short: t('board.age.short.hours', count) };
}

/**
 * The list part of the board — count, sort, the lead cards and paging — a chunk of its own that
 * the board starts loading as it mounts, beside the first page of leads (the board shows its
 * skeleton of the same size until both are there), so it is not in the board's first load. The
 * sort and the pages move the board's view; each card takes its actions from the store.
 */
export function BoardList(props: BoardListProps) {
  useStyles(STYLES);
  const { t } = useRuntime();
  const { leads, info, onShown, countRef } = props;
  const { sort, pageIndex } = useAtomValue(boardQueryAtom);
  const view = useSetAtom(boardViewAtom);
  const goToPage = useSetAtom(goToPageAtom);
  const listRef = useRef<HTMLUListElement>(null);
  useFocusAfterRemoval(listRef, countRef);
  useEffect(() => onShown(), [onShown]);
  const ageOf = useAnswerFirst(leads);
  return (
    <>
      <div className="lk-board__list-header">
        {props.toolbar}
        <p ref={countRef} tabIndex={-1} className="lk-board__count" aria-live="polite">
          {t('board.showing', { first: props.first, last: props.last, total: props.total })}
        </p>
        <Select<SortOption>
          label={t('sort.label')}
          value={sort}
          options={SORT_OPTIONS.map((option) => ({ value: option, label: t(sortLabelKey(option)) }))}
          onChange={(option) => view({ type: 'sort', sort: option })}
        />
      </div>
      <ul key={props.request} ref={listRef} className="lk-board__list" aria-busy={props.loadingMore}>
        {leads.map((lead, index) => {
          const answer = ageOf(lead);
          const message = props.messageTarget(lead);
          return (
            <BoardLeadCard
              key={lead.leadId}
              lead={lead}
              age={ageText(t, answer.age)}
              respondFirst={answer.respondFirst}
              opensFirst={index === 0}
              featured={props.featuredId !== null && lead.leadId === props.featuredId}
              messageHref={message.href}
              messageKind={message.kind}
            />
          );
        })}
      </ul>
      {hasMultiplePages(info) ? (
        <Pagination
          pageIndex={pageIndex}
          pageCount={info.totalPageCount}
          onPageChange={(index) => {
            if (goToPage(index)) countRef.current?.focus();
          }}
          previous={t('pagination.previous')}
          next={t('pagination.next')}
          page={(n) => t('pagination.page', { page: n })}
          navLabel={t('pagination.label')}
        />
      ) : null}
    </>
  );
}
