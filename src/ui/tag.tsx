import type { Ref } from 'react';

export interface TagProps {
  /** The filter's visible text, e.g. "Closed won". */
  label: string;
  /** Accessible name of the remove button, e.g. "Remove filter Closed won". */
  removeLabel: string;
  onRemove: () => void;
  /**
   * The remove button, so the caller can move focus after a removal (the tag itself goes away).
   * Not `ref`: a ref as a plain prop of a function component is React 19 only (the lite CDN build runs on Preact).
   */
  removeRef?: Ref<HTMLButtonElement>;
  /** CSS part of the tag; the button is `<part>-remove`. */
  part?: string;
}

/**
 * A removable filter tag: text plus a remove button (the only focusable part). The button's
 * name comes from `removeLabel`; the × glyph is decorative. Render tags in a list (ul/li) so
 * screen readers hear how many filters are applied.
 */
export function Tag({ label, removeLabel, onRemove, removeRef, part = 'tag' }: TagProps) {
  return (
    <span className="lk-tag" part={part}>
      <span className="lk-tag__label">{label}</span>
      <button ref={removeRef} type="button" className="lk-tag__remove" part={`${part}-remove`} aria-label={removeLabel} onClick={onRemove}>
        <svg className="lk-tag__icon" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
          <path d="M2 2l8 8M10 2 2 10" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
    </span>
  );
}
