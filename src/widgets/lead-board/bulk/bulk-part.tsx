import { useLayoutEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai/react';
import type { Lead } from '../../../gateway/office/schemas';
import { useRuntime, withMessages } from '../../../runtime/runtime';
import { useStyles } from '../../../runtime/styles';
import bulkCss from './bulk.css?inline';
import { NO_SELECTION } from '../view/selection.logic';
import { boardViewAtom, selectionAtom } from '../view/view-atoms';
import { bulkPendingAtom, bulkSummaryAtom, runBulkActionAtom } from './bulk-atoms';
import { pageSelection, selectedOnPage, type BulkAction } from './bulk.logic';
import { BOARD_BULK_CATALOGUE } from './bulk-messages';

export { BOARD_BULK_CATALOGUE } from './bulk-messages';

const STYLES = [bulkCss];

/** Focuses what the ref holds once the frame has rendered (the count comes back as the toolbar goes). */
const focusNextFrame = (target: RefObject<HTMLElement | null>) => requestAnimationFrame(() => target.current?.focus());

export interface BulkToolbarProps {
  /** The leads on the page, in order. */
  leads: readonly Lead[];
  /** The archived view: the action is Restore instead of Archive. */
  archivedView: boolean;
  /** Where the focus goes when the toolbar goes away with it (the selection emptied): the list's count, as after a single archive. */
  focusAfter: RefObject<HTMLElement | null>;
}

/**
 * The bulk toolbar, over the list's header row while leads on the page are
 * selected — or leads of the selection are still being sent (archived leads leave the page at
 * once; the toolbar, and the focus in it, stay until their calls settle).
 */
function Toolbar({ leads, archivedView, focusAfter }: BulkToolbarProps) {
  const selection = useAtomValue(selectionAtom);
  const pending = useAtomValue(bulkPendingAtom);
  const selected = selectedOnPage(selection.ids, leads);
  const leaving = [...pending].filter((id) => selection.ids.has(id) && !selected.some((lead) => lead.leadId === id)).length;
  const count = selected.length + leaving;
  return count ? <Bar leads={leads} selected={selected} count={count} archivedView={archivedView} focusAfter={focusAfter} /> : null;
}

/**
 * 'Select all on this page' (checked, mixed or not), 'N selected', Archive (Restore in the
 * archived view), Mark as read, Mark as unread, Clear selection. Escape clears the selection too.
 */
function Bar({ leads, selected, count, archivedView, focusAfter }: BulkToolbarProps & { selected: readonly Lead[]; count: number }) {
  useStyles(STYLES);
  const { t } = useRuntime();
  const run = useSetAtom(runBulkActionAtom);
  const selection = useAtomValue(selectionAtom);
  const view = useSetAtom(boardViewAtom);
  const rootRef = useRef<HTMLDivElement>(null);
  const allRef = useRef<HTMLInputElement>(null);
  const all = pageSelection(selected.length, leads.length);

  useLayoutEffect(() => {
    if (allRef.current) allRef.current.indeterminate = all === 'some';
  }, [all]);

  // Leaving with the focus inside (the last selected lead archived, Clear selection, Escape):
  // the board moves it on instead of letting it fall to the page.
  useLayoutEffect(() => {
    const root = rootRef.current;
    return () => {
      const active = root ? (root.getRootNode() as Document | ShadowRoot).activeElement : null;
      if (root && active && root.contains(active)) focusNextFrame(focusAfter);
    };
  }, [focusAfter]);

  const clear = () => view({ type: 'selection', selection: NO_SELECTION });
  const toggleAll = () => {
    const ids = new Set(selection.ids);
    for (const lead of leads) {
      if (all === 'all') ids.delete(lead.leadId);
      else ids.add(lead.leadId);
    }
    view({ type: 'selection', selection: { ids, anchor: null } });
  };
  const act = (action: BulkAction) => {
    if (!selected.length) return;
    // The board's one archive and one read action fire lk-lead-archive / lk-lead-read themselves (changes/lead-changes.ts).
    void run({ action, leads: selected });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      clear();
    }
  };
  // While only leads still being sent are counted, there is nothing to act on (the buttons keep their focus).
  const idle = selected.length === 0;
  const move: BulkAction = archivedView ? 'restore' : 'archive';

  return (
    <div ref={rootRef} className="lk-bulk" role="group" aria-label={t('bulk.group')} part="bulk-toolbar" onKeyDown={onKeyDown}>
      <div className="lk-bulk__selection">
        <label className="lk-bulk__all">
          <input ref={allRef} type="checkbox" checked={all === 'all'} onChange={toggleAll} aria-label={t('bulk.selectAll')} />
        </label>
        <span className="lk-bulk__count" aria-live="polite">
          {t('bulk.selected', { count })}
        </span>
      </div>
      <div className="lk-bulk__actions">
        <button type="button" className="lk-button" data-variant="secondary" aria-disabled={idle} onClick={() => act(move)}>
          {t(archivedView ? 'bulk.restore' : 'bulk.archive')}
        </button>
        <button type="button" className="lk-button" data-variant="secondary" aria-disabled={idle} onClick={() => act('read')}>
          {t('board.markRead')}
        </button>
        <button type="button" className="lk-button" data-variant="secondary" aria-disabled={idle} onClick={() => act('unread')}>
          {t('board.markUnread')}
        </button>
      </div>
      <button type="button" className="lk-link-button lk-bulk__clear" onClick={clear}>
        {t('bulk.clear')}
      </button>
    </div>
  );
}

/**
 * The one message a bulk action ends with: a polite status when every lead changed, an alert
 * when some could not be (never one message per lead). The status region is there from the
 * first selection on, so a message put into it is announced; an alert is announced as it comes.
 */
function Summary() {
  useStyles(STYLES);
  const { t } = useRuntime();
  const [summary, setSummary] = useAtom(bulkSummaryAtom);
  const dismiss = () => setSummary(null);
  const toast = (tone: 'success' | 'error') =>
    summary ? (
      <div key={summary.seq} className="lk-board__toast" data-tone={tone} part="bulk-summary">
        <span>{t(summary.key, summary.params)}</span>
        <button type="button" className="lk-link-button" onClick={dismiss}>
          {t('board.dismiss')}
        </button>
      </div>
    ) : null;
  return (
    <div className="lk-bulk-summary" data-empty={!summary}>
      <div role="status">{summary && !summary.failed ? toast('success') : null}</div>
      {summary?.failed ? <div role="alert">{toast('error')}</div> : null}
    </div>
  );
}

/** What the board renders from this part, with this part's texts: the toolbar (given the page's leads), or without props the summary. */
export const Bulk = withMessages(
  (props: Partial<BulkToolbarProps>) => (props.leads && props.focusAfter ? <Toolbar {...(props as BulkToolbarProps)} /> : <Summary />),
  BOARD_BULK_CATALOGUE,
);
