import { Suspense, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject, type TextareaHTMLAttributes } from 'react';
import { filterSavedReplies, insertReply, slashQuery, type SavedReply } from '../../../domain/saved-replies';
import type { MessageCatalogue } from '../../../i18n/en-US';
import { useRuntime } from '../../../runtime/runtime';
import { useSavedReplies } from '../saved-replies/saved-replies-state';
import { SavedRepliesMenu, SlashSuggestions } from './composer-loaders';

export interface ComposerReplies {
  /** Spread on the composer's text box (the `/` suggestions' ARIA wiring). */
  textareaProps: Pick<TextareaHTMLAttributes<HTMLTextAreaElement>, 'aria-autocomplete' | 'aria-controls' | 'aria-activedescendant' | 'onFocus' | 'onBlur'>;
  /** The text box's key handler first: true when the key was the suggestions' (Enter inserts, not sends). */
  onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean;
  /** The `/` suggestions (over the text box). */
  suggestions: ReactNode;
  /** The 'Saved replies' button and its menu (beside Attach). */
  menu: ReactNode;
}

/**
 * Saved replies in the composer (docs/widgets/message-thread.md#saved-replies). Typing `/` in an empty composer opens a listbox
 * of the saved replies filtered by what follows the slash: the text box stays focused and
 * points at the active option (aria-activedescendant; the first one is active, as in the
 * APG's list autocomplete with automatic selection); ArrowDown/ArrowUp move (wrapping), Enter
 * (or a click) replaces the `/query` with the reply — caret at the end, nothing sent —,
 * Escape closes and keeps the typed text, Tab closes and moves on. The 'Saved replies' button
 * opens a menu to insert one where the caret is, save the current text as a reply or remove
 * one. Both load on demand (on focus of the text box or button, on `/`, or on opening).
 */
export function useComposerReplies({
  text,
  onText,
  textRef,
  disabled,
}: {
  text: string;
  /** The composer's new text (as if typed) and where the caret goes. */
  onText(text: string, caret: number): void;
  textRef: RefObject<HTMLTextAreaElement | null>;
  disabled: boolean;
}): ComposerReplies {
  const { t } = useRuntime();
  // The part's texts once it is there (the default replies among them): nothing shows a reply before.
  const [partTexts, setPartTexts] = useState<MessageCatalogue | null>(null);
  const replies = useSavedReplies(partTexts);
  const baseId = useId();
  const listboxId = `${baseId}-replies`;
  const optionId = (index: number) => `${baseId}-reply-${index}`;
  const ready = partTexts !== null;
  const [menuOpen, setMenuOpen] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);
  // The text the pro closed the suggestions on (Escape, Tab, a press elsewhere): closed until it changes.
  const [dismissedAt, setDismissedAt] = useState<string | null>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const preload = () => {
    if (ready) return;
    void SlashSuggestions.preload();
    void SavedRepliesMenu.preload().then(
      (part) => alive.current && setPartTexts(part.SAVED_REPLIES_CATALOGUE),
      () => {},
    );
  };

  const query = disabled ? null : slashQuery(text);
  useEffect(() => {
    if (query !== null) preload();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `preload` only reads `ready`
  }, [query !== null]);

  const options = query === null ? [] : filterSavedReplies(replies.list, query);
  const expanded = ready && query !== null && dismissedAt !== text;
  // The first option is active unless the pro moved to another that is still there.
  const activeIndex =
    !expanded || options.length === 0
      ? -1
      : Math.max(
          0,
          options.findIndex((option) => option.id === activeId),
        );

  const insert = (reply: SavedReply, replaceAll: boolean) => {
    const box = textRef.current;
    const selection = replaceAll ? { start: 0, end: text.length } : { start: box?.selectionStart ?? text.length, end: box?.selectionEnd ?? text.length };
    const next = insertReply(text, selection, reply.text, box?.maxLength && box.maxLength > 0 ? box.maxLength : Number.MAX_SAFE_INTEGER);
    setActiveId(null);
    onText(next.text, next.caret);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!expanded || event.nativeEvent.isComposing) return false;
    const last = options.length - 1;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (last < 0) return false;
        event.preventDefault();
        const next = event.key === 'ArrowDown' ? (activeIndex >= last ? 0 : activeIndex + 1) : activeIndex <= 0 ? last : activeIndex - 1;
        setActiveId(options[next]?.id ?? null);
        return true;
      }
      case 'Enter': {
        const option = options[activeIndex];
        // Shift+Enter is a new line, and no option (no match) leaves Enter to the composer.
        if (event.shiftKey || !option) return false;
        event.preventDefault();
        insert(option, true);
        return true;
      }
      case 'Escape':
        event.preventDefault();
        // The thread's other Escape handlers (a dialog around it) are not this key's.
        event.stopPropagation();
        setDismissedAt(text);
        return true;
      case 'Tab':
        setDismissedAt(text);
        return false;
      default:
        return false;
    }
  };

  const suggestions = ready ? (
    <Suspense fallback={null}>
      <SlashSuggestions
        listboxId={listboxId}
        optionId={optionId}
        options={options}
        activeIndex={activeIndex}
        expanded={expanded}
        onChoose={(reply) => insert(reply, true)}
      />
    </Suspense>
  ) : null;

  const menuId = `${baseId}-menu`;
  const menu = (
    <>
      <button
        ref={toggleRef}
        type="button"
        className="lk-button lk-thread__replies-button"
        data-variant="secondary"
        aria-expanded={menuOpen}
        aria-controls={menuOpen ? menuId : undefined}
        disabled={disabled}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          preload();
          setMenuOpen((open) => !open);
        }}
        part="saved-replies-button"
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M5 4h14v13H9l-4 4V4Zm4 5h6m-6 4h4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span className="lk-thread__replies-label">{t('thread.savedReplies.button')}</span>
      </button>
      {/* Once the part is there: the defaults come with it (a change must never be made from a list without them). */}
      {menuOpen && ready && !disabled ? (
        <Suspense fallback={null}>
          <SavedRepliesMenu
            id={menuId}
            replies={replies}
            composerText={text}
            toggleRef={toggleRef}
            onInsert={(reply) => {
              setMenuOpen(false);
              insert(reply, false);
            }}
            onClose={(returnFocus) => {
              setMenuOpen(false);
              if (returnFocus) toggleRef.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );

  return {
    textareaProps: {
      'aria-autocomplete': disabled ? undefined : 'list',
      // Only while the list is shown: before its lazy part has rendered the id names nothing (axe: aria-valid-attr-value).
      'aria-controls': ready && !disabled && expanded ? listboxId : undefined,
      'aria-activedescendant': activeIndex >= 0 ? optionId(activeIndex) : undefined,
      onFocus: preload,
      // Leaving the text box closes the suggestions (a press on one keeps the focus: the list prevents it).
      onBlur: () => {
        if (expanded) setDismissedAt(text);
      },
    },
    onKeyDown,
    suggestions,
    menu,
  };
}
