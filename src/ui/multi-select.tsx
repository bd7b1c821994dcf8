import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

/** @internal Exported for tests. */
export interface MultiSelectOption<V extends string = string> {
  readonly value: V;
  readonly label: string;
  /**
   * A short figure after the label (a count: '4'), shown only: assistive technology hears
   * `description` instead. `null`: its place is kept, empty (the figure is on its way).
   */
  readonly badge?: string | null;
  /** Describes the checkbox (aria-describedby; e.g. '4 leads'); the label stays its name. */
  readonly description?: string;
}

export interface MultiSelectProps<V extends string = string> {
  /** Names the button (with the summary) and the group of checkboxes. */
  label: string;
  /** The checkboxes, in display order. */
  options: readonly MultiSelectOption<V>[];
  /** Checked values (controlled). */
  selected: readonly V[];
  /** The new selection, in `options` order (values unknown to `options` are kept at the end). */
  onChange: (selected: V[]) => void;
  /** Text on the button, written by the caller (e.g. "All", "Closed won", "2 selected"). */
  summary: string;
  /** Keep the label for assistive technology only. */
  hideLabel?: boolean;
  disabled?: boolean;
  /** CSS part of the root; inner parts are `<part>-button` and `<part>-panel`. */
  part?: string;
  /**
   * 'popover' (default): the panel floats over what follows. 'inline': it opens in the flow,
   * pushing what follows down — inside a scrolling container (a modal) nothing cuts it off.
   */
  placement?: 'popover' | 'inline';
}

/**
 * A disclosure button opening a group of checkboxes (the lead-status filter). The button is
 * named "<label> <summary>" and carries aria-expanded; the panel is a fieldset under it,
 * absolutely positioned, so opening it does not move the page.
 *
 * Closing: the button toggles (Enter/Space, native); Escape anywhere inside closes and puts
 * focus back on the button; a pointer press outside closes (listened on the component's root
 * node, and on the document when that root is a shadow root, so it works inside a widget's
 * shadow DOM and for presses elsewhere on the host page); focus moving to something outside
 * closes it too, so an open panel is never left behind the user. Placed 'inline' (in the flow),
 * only its button and Escape close it: nothing moves under a press elsewhere.
 */
export function MultiSelect<V extends string>({
  label,
  options,
  selected,
  onChange,
  summary,
  hideLabel = false,
  disabled = false,
  part = 'multi-select',
  placement = 'popover',
}: MultiSelectProps<V>) {
  const baseId = useId();
  const labelId = `${baseId}-label`;
  const summaryId = `${baseId}-summary`;
  const panelId = `${baseId}-panel`;
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const expanded = open && !disabled;

  // Opened, the list starts at the first checked option (a long list kept the chosen ones below
  // its fold). Only the panel scrolls, never the page or the modal around it.
  useEffect(() => {
    const panel = panelRef.current;
    const option = panel?.querySelector<HTMLInputElement>('input:checked')?.closest('label');
    if (!expanded || !panel || !option) return;
    panel.scrollTop += option.getBoundingClientRect().top - panel.getBoundingClientRect().top - 4;
  }, [expanded]);

  useEffect(() => {
    const element = rootRef.current;
    // Inline, it is a disclosure in the flow: closing it on a press below it would move what was
    // pressed up from under the finger (the press would land elsewhere). Its button closes it.
    if (!expanded || !element || placement === 'inline') return;
    const root = element.getRootNode();
    const doc = element.ownerDocument;
    // Inside the root, composedPath() holds our own nodes (even in a closed shadow root).
    const onRootPress = (event: Event) => {
      if (!event.composedPath().includes(element)) setOpen(false);
    };
    // Presses outside the shadow host never reach the shadow root: catch them on the document.
    const host = root !== doc && 'host' in root ? (root as ShadowRoot).host : null;
    const onDocumentPress = (event: Event) => {
      if (host && !event.composedPath().includes(host)) setOpen(false);
    };
    root.addEventListener('pointerdown', onRootPress);
    if (host) doc.addEventListener('pointerdown', onDocumentPress);
    return () => {
      root.removeEventListener('pointerdown', onRootPress);
      if (host) doc.removeEventListener('pointerdown', onDocumentPress);
    };
  }, [expanded, placement]);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Escape' || !expanded) return;
    event.preventDefault();
    setOpen(false);
    buttonRef.current?.focus();
  }

  function handleBlur(event: FocusEvent<HTMLDivElement>) {
    const next = event.relatedTarget;
    // null: focus went nowhere we know (window switch, click on plain text) — presses handle that.
    if (expanded && placement !== 'inline' && next && !rootRef.current?.contains(next)) setOpen(false);
  }

  function toggle(value: V, checked: boolean) {
    const chosen = new Set<V>(selected);
    if (checked) chosen.add(value);
    else chosen.delete(value);
    const known = new Set<V>(options.map((option) => option.value));
    onChange([...options.map((option) => option.value).filter((v) => chosen.has(v)), ...selected.filter((v) => chosen.has(v) && !known.has(v))]);
  }

  return (
    <div ref={rootRef} className="lk-multi-select" data-placement={placement} part={part} onKeyDown={handleKeyDown} onBlur={handleBlur}>
      <span id={labelId} className={hideLabel ? 'lk-visually-hidden' : 'lk-multi-select__label'}>
        {label}
      </span>
      <div className="lk-multi-select__anchor">
        <button
          ref={buttonRef}
          type="button"
          className="lk-multi-select__button"
          part={`${part}-button`}
          aria-labelledby={`${labelId} ${summaryId}`}
          aria-expanded={expanded}
          aria-controls={panelId}
          disabled={disabled}
          onClick={() => setOpen((value) => !value)}
        >
          <span id={summaryId} className="lk-multi-select__summary">
            {summary}
          </span>
          <span className="lk-multi-select__chevron" aria-hidden="true" />
        </button>
        <div ref={panelRef} id={panelId} className="lk-multi-select__panel" part={`${part}-panel`} hidden={!expanded}>
          <fieldset className="lk-multi-select__group">
            <legend className="lk-visually-hidden">{label}</legend>
            {options.map((option, index) => (
              <label key={option.value} className="lk-multi-select__option">
                <input
                  type="checkbox"
                  className="lk-multi-select__checkbox"
                  checked={selected.includes(option.value)}
                  aria-describedby={option.description ? `${baseId}-description-${index}` : undefined}
                  onChange={(event) => toggle(option.value, event.target.checked)}
                />
                <span className="lk-multi-select__option-label">{option.label}</span>
                {option.badge !== undefined ? (
                  <span className="lk-multi-select__badge" part={`${part}-badge`} data-pending={option.badge === null ? '' : undefined} aria-hidden="true">
                    {option.badge}
                  </span>
                ) : null}
                {option.description ? (
                  // Hidden: it describes the checkbox (a hidden node named by aria-describedby is read) without becoming part of its name.
                  <span id={`${baseId}-description-${index}`} hidden>
                    {option.description}
                  </span>
                ) : null}
              </label>
            ))}
          </fieldset>
        </div>
      </div>
    </div>
  );
}
