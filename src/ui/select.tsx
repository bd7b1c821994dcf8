import { useId } from 'react';

/** @internal Exported for tests. */
export interface SelectOption<V extends string = string> {
  readonly value: V;
  readonly label: string;
  readonly disabled?: boolean;
}

export interface SelectProps<V extends string = string> {
  /** Visible label, tied to the native select (clicking it focuses the select). */
  label: string;
  /** The chosen value (controlled). */
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  /** Keep the label for assistive technology only. */
  hideLabel?: boolean;
  disabled?: boolean;
  name?: string;
  /** CSS part of the root; the native select is `<part>-control`. */
  part?: string;
  /** Ids of elements describing the select (e.g. an error message beside it). */
  describedBy?: string;
  /** The select lost focus. */
  onBlur?: () => void;
}

/**
 * A labelled native <select> (e.g. 'Sort by'). Native on purpose: platform keyboard handling,
 * type-ahead, the mobile picker and screen-reader support come for free. Only the box is
 * restyled (fixed height, our chevron); the option list stays the platform's.
 */
export function Select<V extends string>({
  label,
  value,
  options,
  onChange,
  hideLabel = false,
  disabled = false,
  name,
  part = 'select',
  describedBy,
  onBlur,
}: SelectProps<V>) {
  const id = useId();
  return (
    <div className="lk-select" part={part}>
      <label htmlFor={id} className={hideLabel ? 'lk-visually-hidden' : 'lk-select__label'}>
        {label}
      </label>
      <div className="lk-select__box">
        <select
          id={id}
          className="lk-select__control"
          part={`${part}-control`}
          name={name}
          value={value}
          disabled={disabled}
          aria-describedby={describedBy || undefined}
          onBlur={onBlur}
          onChange={(event) => {
            // Map back to the typed option rather than casting whatever the DOM holds.
            const option = options.find((candidate) => candidate.value === event.target.value);
            if (option) onChange(option.value);
          }}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
        <span className="lk-select__chevron" aria-hidden="true" />
      </div>
    </div>
  );
}
