import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent, type RefObject } from 'react';

export interface ComboboxOption {
  /** Stable identity (used to keep the active option across re-renders); never shown. */
  readonly id: string;
  /** The option's accessible name and main line. */
  readonly label: string;
  /** A second, muted line (the option's accessible description). */
  readonly description?: string;
}

export interface ComboboxProps<O extends ComboboxOption = ComboboxOption> {
  /** Visible label of the text field (also names the listbox). */
  label: string;
  /** The text in the field (controlled). */
  value: string;
  /** Every edit of the text. The caller fetches (debounced, aborting stale requests) and passes `options`. */
  onInputChange: (text: string) => void;
  /** Suggestions for the current text, in display order. */
  options: readonly O[];
  /** An option was chosen (Enter on the active option, or a click). The text is not changed: set `value` yourself. */
  onSelect: (option: O) => void;
  /** Announced politely while the suggestions are shown and there are some, e.g. "5 results available". */
  statusText: string;
  /** Suggestions are being fetched: `loadingText` is shown (and announced) under any current options. */
  loading?: boolean;
  loadingText: string;
  /** Shown (and announced) when the popup is open for a non-empty text and there are no options. */
  noResultsText: string;
  /** Enter without an active option (free-text search, e.g. the customer name). Without it Enter does nothing. */
  onSubmitText?: (text: string) => void;
  placeholder?: string;
  /** Keep the label for assistive technology only (the filter bar shows a placeholder instead). */
  hideLabel?: boolean;
  disabled?: boolean;
  /** Form field name, if the field sits in a form. */
  name?: string;
  /** CSS part of the root (`::part()` theming); inner parts are `<part>-input` and `<part>-listbox`. */
  part?: string;
}

/**
 * An editable combobox with list autocomplete (WAI-ARIA 1.2 combobox pattern). Focus never
 * leaves the input: the active option is conveyed with aria-activedescendant, so the widget
 * works the same inside a shadow root (no document.activeElement involved). It does not fetch;
 * the caller owns debouncing and aborting.
 *
 * Keys: ArrowDown/ArrowUp open the popup and move the active option (wrapping); Alt+ArrowDown
 * opens without moving, Alt+ArrowUp closes; Home/End go to the first/last option while an
 * option is active (otherwise they move the text caret, as in any text field); Enter chooses
 * the active option, or submits the text through `onSubmitText`; Escape closes the popup, and
 * on a closed popup clears the text; Tab leaves (closing the popup).
 */
export function Combobox<O extends ComboboxOption>({
  label,
  value,
  onInputChange,
  options,
  onSelect,
  statusText,
  loading = false,
  loadingText,
  noResultsText,
  onSubmitText,
  placeholder,
  hideLabel = false,
  disabled = false,
  name,
  part = 'combobox',
}: ComboboxProps<O>) {
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const labelId = `${baseId}-label`;
  const listboxId = `${baseId}-listbox`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const [open, setOpen] = useState(false);
  // Identity, not index: when new options arrive, the active one stays active if still present.
  const [activeId, setActiveId] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const hasText = value.trim() !== '';
  const expanded = open && !disabled && (loading || options.length > 0 || hasText);
  const activeIndex = expanded && activeId !== null ? options.findIndex((option) => option.id === activeId) : -1;
  const noResults = expanded && !loading && options.length === 0;

  // The live region exists from the first render (regions added with their text are not read).
  let liveText = '';
  if (expanded) liveText = loading ? loadingText : noResults ? noResultsText : statusText;

  useEffect(() => {
    if (activeIndex < 0) return;
    const item = listRef.current?.children[activeIndex];
    if (item && typeof item.scrollIntoView === 'function') item.scrollIntoView({ block: 'nearest' });
  }, [activeIndex]);

  function close() {
    setOpen(false);
    setActiveId(null);
  }

  function choose(option: O) {
    close();
    onSelect(option);
  }

  function activate(index: number) {
    const option = options[index];
    if (option) setActiveId(option.id);
  }

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    setOpen(true);
    setActiveId(null);
    onInputChange(event.target.value);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter/arrows while an IME composes belong to the IME.
    if (event.nativeEvent.isComposing) return;
    const last = options.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (event.altKey) {
          setOpen(true);
        } else if (!expanded) {
          setOpen(true);
          activate(0);
        } else if (last >= 0) {
          activate(activeIndex < 0 || activeIndex >= last ? 0 : activeIndex + 1);
        }
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (event.altKey) {
          close();
        } else if (!expanded) {
          setOpen(true);
          activate(last);
        } else if (last >= 0) {
          activate(activeIndex <= 0 ? last : activeIndex - 1);
        }
        break;
      case 'Home':
      case 'End':
        if (activeIndex >= 0) {
          event.preventDefault();
          activate(event.key === 'Home' ? 0 : last);
        }
        break;
      case 'Enter': {
        const option = activeIndex >= 0 ? options[activeIndex] : undefined;
        if (option) {
          event.preventDefault();
          choose(option);
        } else if (onSubmitText) {
          event.preventDefault();
          close();
          onSubmitText(value);
        }
        break;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          close();
        } else if (value !== '') {
          event.preventDefault();
          close();
          onInputChange('');
        }
        break;
      case 'Tab':
        close();
        break;
    }
  }

  return (
    <div className="lk-combobox" part={part}>
      <label id={labelId} htmlFor={inputId} className={hideLabel ? 'lk-visually-hidden' : 'lk-combobox__label'}>
        {label}
      </label>
      <div className="lk-combobox__field">
        <input
          id={inputId}
          className="lk-input lk-combobox__input"
          part={`${part}-input`}
          type="text"
          role="combobox"
          name={name}
          value={value}
          placeholder={placeholder}
          disabled={disabled}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          onChange={handleChange}
          onKeyDown={handleKeyDown}
          onClick={() => {
            if (!open) setOpen(true);
          }}
          onBlur={close}
        />
        <ComboboxPopup
          listRef={listRef}
          listboxId={listboxId}
          labelledBy={labelId}
          options={options}
          activeIndex={activeIndex}
          optionId={optionId}
          onChoose={choose}
          hidden={!expanded}
          loading={loading}
          message={loading ? loadingText : noResults ? noResultsText : null}
          part={`${part}-listbox`}
        />
      </div>
      <div className="lk-visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {liveText}
      </div>
    </div>
  );
}

export interface ComboboxPopupProps<O extends ComboboxOption> {
  listRef?: RefObject<HTMLUListElement | null>;
  listboxId: string;
  /** The id of the element naming the listbox (or give `label`). */
  labelledBy?: string;
  label?: string;
  options: readonly O[];
  /** The active option (aria-activedescendant of the field), -1 for none. */
  activeIndex: number;
  optionId: (index: number) => string;
  onChoose: (option: O) => void;
  hidden: boolean;
  loading?: boolean;
  /** A line under the options (loading, no results), or null. */
  message: string | null;
  part: string;
  className?: string;
}

/**
 * The combobox's popup: the listbox of options (and a message line under them), for a field
 * that keeps focus and points at the active option with aria-activedescendant. Used by
 * `Combobox` and by fields that are comboboxes of their own kind (the thread composer's `/`).
 * A press inside does not take focus from the field.
 */
export function ComboboxPopup<O extends ComboboxOption>({
  listRef,
  listboxId,
  labelledBy,
  label,
  options,
  activeIndex,
  optionId,
  onChoose,
  hidden,
  loading = false,
  message,
  part,
  className,
}: ComboboxPopupProps<O>) {
  return (
    // Popup keeps the field focused: mousedown inside it must not blur the field.
    <div className={className ? `lk-combobox__popup ${className}` : 'lk-combobox__popup'} hidden={hidden} onMouseDown={(event) => event.preventDefault()}>
      <ul
        ref={listRef}
        id={listboxId}
        role="listbox"
        aria-labelledby={labelledBy}
        aria-label={labelledBy ? undefined : label}
        aria-busy={loading || undefined}
        className="lk-combobox__listbox"
        part={part}
      >
        {options.map((option, index) => {
          const id = optionId(index);
          const active = index === activeIndex;
          return (
            <li
              key={option.id}
              id={id}
              role="option"
              aria-selected={active}
              aria-labelledby={`${id}-label`}
              aria-describedby={option.description ? `${id}-description` : undefined}
              className="lk-combobox__option"
              onClick={() => onChoose(option)}
            >
              <span id={`${id}-label`} className="lk-combobox__option-label">
                {option.label}
              </span>
              {option.description ? (
                <span id={`${id}-description`} className="lk-combobox__option-description">
                  {option.description}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {message !== null ? (
        <p className="lk-combobox__message" data-loading={loading ? '' : undefined}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
