import { useId, useRef, useState, type KeyboardEvent } from 'react';

export interface StarRatingProps {
  /** Names the radio group. */
  label: string;
  /** One visible-to-assistive-technology name per star, lowest first: `starLabels[0]` names 1 star. */
  starLabels: readonly string[];
  /** The chosen rating, 1 to `starLabels.length`, or null (controlled). */
  value: number | null;
  /**
   * A star was picked. `'browse'`: by an arrow key (or Home/End), which selects as in any radio
   * group, a different star only; `'choose'`: by click, Space or Enter — also the current star
   * again, so a widget can let an arrowed-to choice wait for a deliberate one (the feedback
   * popover sends 5 stars only when chosen).
   */
  onChange: (value: number, how: 'browse' | 'choose') => void;
  /**
   * Read-only for now (e.g. while the choice is being sent): stars stay focusable, so focus is
   * not dropped on the page, but choosing does nothing (aria-disabled).
   */
  disabled?: boolean;
  /** Keep the group's label for assistive technology only. */
  hideLabel?: boolean;
  /** Id of an element describing the group (an error message). */
  describedBy?: string;
  /** CSS part of the root; each star is `<part>-star`. */
  part?: string;
}

const STAR_PATH = 'M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z';

/**
 * A star rating as a radio group of native radio inputs (named by their labels, e.g. 'Great',
 * 'Good'…), stars drawn beside them.
 *
 * Keyboard, as a radio group: arrow keys (and Home/End) move to a star and select it (reported
 * as `'browse'`); Space or Enter choose the focused star (`'choose'`, also when it is already
 * selected). Arrows stop at the ends (a scale, not a cycle) and follow the reading direction in
 * right-to-left text. Tab enters on the selected star (or the first) and leaves the group.
 */
export function StarRating({ label, starLabels, value, onChange, disabled = false, hideLabel = false, describedBy, part = 'star-rating' }: StarRatingProps) {
  const baseId = useId();
  const labelId = `${baseId}-label`;
  const name = `${baseId}-stars`;
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const [hovered, setHovered] = useState<number | null>(null);
  const count = starLabels.length;
  const shown = hovered ?? value ?? 0;
  const hint = shown > 0 ? starLabels[shown - 1] : undefined;

  function pick(rating: number, how: 'browse' | 'choose') {
    if (disabled || (how === 'browse' && rating === value)) return;
    onChange(rating, how);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>, index: number) {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    let next: number;
    switch (event.key) {
      case 'ArrowDown':
        next = index + 1;
        break;
      case 'ArrowUp':
        next = index - 1;
        break;
      case 'ArrowRight':
        next = rtl ? index - 1 : index + 1;
        break;
      case 'ArrowLeft':
        next = rtl ? index + 1 : index - 1;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = count - 1;
        break;
      case 'Enter':
      case ' ':
        // Enter on a radio would submit a surrounding form, and Space on a checked one does
        // nothing natively: both choose the focused star here.
        event.preventDefault();
        pick(index + 1, 'choose');
        return;
      default:
        return;
    }
    // Native radios would check the next one and fire a change: done here, reported as browsing.
    event.preventDefault();
    const target = Math.min(count - 1, Math.max(0, next));
    inputs.current[target]?.focus();
    pick(target + 1, 'browse');
  }

  return (
    <div className="lk-star-rating" part={part}>
      <span id={labelId} className={hideLabel ? 'lk-visually-hidden' : 'lk-star-rating__label'}>
        {label}
      </span>
      <div
        role="radiogroup"
        className="lk-star-rating__stars"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-disabled={disabled || undefined}
        onMouseLeave={() => setHovered(null)}
      >
        {starLabels.map((starLabel, index) => {
          const rating = index + 1;
          return (
            <label
              key={rating}
              className="lk-star-rating__star"
              part={`${part}-star`}
              data-filled={rating <= shown}
              onMouseEnter={() => setHovered(disabled ? null : rating)}
            >
              <input
                ref={(element) => {
                  inputs.current[index] = element;
                }}
                type="radio"
                className="lk-star-rating__input"
                name={name}
                value={rating}
                checked={value === rating}
                aria-disabled={disabled || undefined}
                // A click (or a tap) on a star chooses it, also the selected one.
                onChange={() => undefined}
                onClick={() => pick(rating, 'choose')}
                onKeyDown={(event) => handleKeyDown(event, index)}
              />
              <svg className="lk-star-rating__icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
                <path d={STAR_PATH} />
              </svg>
              <span className="lk-visually-hidden">{starLabel}</span>
            </label>
          );
        })}
      </div>
      <span className="lk-star-rating__hint" aria-hidden="true">
        {hint}
      </span>
    </div>
  );
}
