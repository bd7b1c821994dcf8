import type { ReactNode } from 'react';

export interface FormActionsProps {
  /** The row's class (the form's own layout). */
  readonly className: string;
  /** The submit button's text and part. */
  readonly label: ReactNode;
  readonly part?: string;
  /** The form's request is under way: the button says so (still focusable) and the status beside it says `busyText`. */
  readonly busy: boolean;
  readonly busyText: ReactNode;
  readonly busyClassName: string;
}

/**
 * A form's action row, written once: its submit button, `aria-disabled` while the form is busy
 * (a second press is the form's to ignore, focus stays), and the polite status beside it, in the
 * page from the start so that what it says is announced.
 */
export function FormActions({ className, label, part, busy, busyText, busyClassName }: FormActionsProps) {
  return (
    <div className={className}>
      <button type="submit" className="lk-button" part={part} aria-disabled={busy || undefined}>
        {label}
      </button>
      <span className={busyClassName} role="status">
        {busy ? busyText : ''}
      </span>
    </div>
  );
}
