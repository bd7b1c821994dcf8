import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { SvgIcon, TRASH_PATH } from '../../../ui/svg-icon';
import { SAVED_REPLIES_MAX, SAVED_REPLY_MAX_LENGTH, type SavedReply } from '../../../domain/saved-replies';
import { useRuntime } from '../../../runtime/runtime';
import { useStyles } from '../../../runtime/styles';
import { ComboboxPopup } from '../../../ui/combobox';
import { usePressOutside } from '../../../ui/use-press-outside';
import type { SavedRepliesApi } from './saved-replies-state';
import comboboxCss from '../../../ui/combobox.css?inline';
import savedRepliesCss from './saved-replies.css?inline';

const STYLES = [comboboxCss, savedRepliesCss];

/**
 * The `/` suggestions' listbox over the composer's text box (which keeps focus and owns the
 * keys: composer-replies.tsx). Rendered hidden while closed, so its live region exists before
 * it speaks.
 */
export function SlashSuggestions({
  listboxId,
  optionId,
  options,
  activeIndex,
  expanded,
  onChoose,
}: {
  listboxId: string;
  optionId(index: number): string;
  options: readonly SavedReply[];
  activeIndex: number;
  expanded: boolean;
  onChoose(reply: SavedReply): void;
}) {
  useStyles(STYLES);
  const { t } = useRuntime();
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (activeIndex < 0) return;
    const item = listRef.current?.children[activeIndex];
    if (item && typeof item.scrollIntoView === 'function') item.scrollIntoView({ block: 'nearest' });
  }, [activeIndex]);

  const byId = new Map(options.map((reply) => [reply.id, reply]));
  return (
    <div className="lk-replies-slash">
      <ComboboxPopup
        listRef={listRef}
        listboxId={listboxId}
        label={t('thread.savedReplies.button')}
        options={options.map((reply) => ({ id: reply.id, label: reply.text }))}
        activeIndex={activeIndex}
        optionId={optionId}
        onChoose={(option) => {
          const reply = byId.get(option.id);
          if (reply) onChoose(reply);
        }}
        hidden={!expanded}
        message={expanded && options.length === 0 ? t('thread.savedReplies.noMatch') : null}
        part="saved-replies-listbox"
        className="lk-replies-slash__popup"
      />
      <div className="lk-visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {expanded ? (options.length === 0 ? t('thread.savedReplies.noMatch') : t('thread.savedReplies.count', { count: options.length })) : ''}
      </div>
    </div>
  );
}

/**
 * The 'Saved replies' menu (a non-modal popover under its button): each reply inserts itself
 * where the caret is, a trash button removes it, and 'Save current text as reply' keeps what
 * the composer holds. Focus moves to the first reply on opening; ArrowUp/ArrowDown move between
 * the replies and the save button, Home/End jump; Escape closes it back to the button; a press
 * outside or focus leaving closes it.
 */
export function SavedRepliesMenu({
  id,
  replies,
  composerText,
  toggleRef,
  onInsert,
  onClose,
}: {
  id: string;
  replies: SavedRepliesApi;
  composerText: string;
  toggleRef: RefObject<HTMLButtonElement | null>;
  onInsert(reply: SavedReply): void;
  /** `returnFocus`: Escape (focus back to the button); not on a press or focus elsewhere. */
  onClose(returnFocus: boolean): void;
}) {
  useStyles(STYLES);
  const { t } = useRuntime();
  const panelRef = useRef<HTMLDivElement>(null);
  const noteId = useId();
  const [announcement, setAnnouncement] = useState('');
  const problem = replies.problem(composerText);
  const focusables = () => [...(panelRef.current?.querySelectorAll<HTMLButtonElement>('[data-nav]') ?? [])];

  // Focus lands on the first reply (or the save button) as the menu opens.
  useLayoutEffect(() => {
    focusables()[0]?.focus();
  }, []);

  usePressOutside(panelRef, true, () => onClose(false));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = focusables();
    const at = items.findIndex((item) => item.isSameNode((panelRef.current?.getRootNode() as Document | ShadowRoot).activeElement));
    const last = items.length - 1;
    const moves: Record<string, number> = { ArrowDown: at >= last ? 0 : at + 1, ArrowUp: at <= 0 ? last : at - 1, Home: 0, End: last };
    if (event.key in moves && !event.altKey) {
      event.preventDefault();
      items[moves[event.key] ?? 0]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose(true);
    }
  };

  const remove = (reply: SavedReply, index: number) => {
    // Focus goes to the reply that takes its place (or the one before, or the save button).
    const items = focusables();
    replies.remove(reply.id);
    setAnnouncement(t('thread.savedReplies.removed'));
    const nextId = replies.list[index + 1]?.id ?? replies.list[index - 1]?.id;
    requestAnimationFrame(() => {
      const target = nextId ? panelRef.current?.querySelector<HTMLButtonElement>(`[data-reply="${CSS.escape(nextId)}"]`) : items[items.length - 1];
      (target ?? focusables()[0])?.focus();
    });
  };

  const note =
    problem === null || problem === 'empty'
      ? problem === 'empty' && replies.list.length > 0
        ? t('thread.savedReplies.problem.empty')
        : t('thread.savedReplies.tip')
      : t(`thread.savedReplies.problem.${problem}`, { max: problem === 'full' ? SAVED_REPLIES_MAX : SAVED_REPLY_MAX_LENGTH });

  return (
    <div
      ref={panelRef}
      id={id}
      role="dialog"
      aria-label={t('thread.savedReplies.button')}
      className="lk-replies"
      part="saved-replies-menu"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (next && !panelRef.current?.contains(next) && !toggleRef.current?.contains(next)) onClose(false);
      }}
    >
      {replies.list.length > 0 ? (
        <ul className="lk-replies__list">
          {replies.list.map((reply, index) => (
            <li key={reply.id} className="lk-replies__item" part="saved-reply">
              <button type="button" className="lk-replies__insert" data-nav="" data-reply={reply.id} onClick={() => onInsert(reply)}>
                {reply.text}
              </button>
              <button
                type="button"
                className="lk-thread__icon-button lk-replies__remove"
                aria-label={t('thread.savedReplies.remove', { text: reply.text })}
                onClick={() => remove(reply, index)}
                part="saved-reply-remove"
              >
                <SvgIcon d={TRASH_PATH} stroked size={16} />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="lk-replies__empty">{t('thread.savedReplies.empty')}</p>
      )}
      <div className="lk-replies__footer">
        <button
          type="button"
          className="lk-button"
          data-variant="secondary"
          data-nav=""
          aria-disabled={problem !== null || undefined}
          aria-describedby={noteId}
          onClick={() => {
            if (problem !== null) return;
            if (replies.add(composerText)) setAnnouncement(t('thread.savedReplies.added'));
          }}
          part="saved-replies-save"
        >
          {t('thread.savedReplies.save')}
        </button>
        <p id={noteId} className="lk-replies__note">
          {note}
        </p>
      </div>
      <div className="lk-visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </div>
  );
}
