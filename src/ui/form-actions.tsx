import type { ReactNode } from 'react';

/** How a form's action row looks: its own classes (the form's layout). */
export interface FormActionsLook {
  readonly className: string;
  /** The busy status's class. */
  readonly busyClassName: string;
}

export interface FormActionsProps {
  readonly look: FormActionsLook;
  /** The submit button's text and part. */
  readonly label: ReactNode;
  readonly part?: string;
  /** The form's request is under way: the button says so (still focusable) and the status beside it says `busyText`. */
  readonly busy: boolean;
  readonly busyText: ReactNode;
}

/**
 * A form's action row, written once: its submit button, `aria-disabled` while the form is busy
 * (a second press is the form's to ignore, focus stays), and the polite status beside it, in the
 * page from the start so that what it says is announced.
 */
export function FormActions({ look, label, part, busy, busyText }: FormActionsProps) {
  return (
    <div className={look.className}>
      <button type="submit" className="lk-button" part={part} aria-disabled={busy || undefined}>
        {label}
      </button>
      <span className={look.busyClassName} role="status">
        {busy ? busyText : ''}
      </span>
    </div>
  );
}
