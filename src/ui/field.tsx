import type { ReactNode } from 'react';

/**
 * A form's field, written once: its label, its control, what describes the control and its error
 * text under it, the control tied to both (`aria-describedby`, joined once; `aria-invalid` while
 * there is an error). Each form keeps its own look (its classes and parts: `FieldLook`), so a
 * field shows as it did when each form wrote it.
 */

/** What a field gives its control (spread it on the input or textarea). */
interface FieldControl {
  readonly id: string;
  readonly 'aria-invalid': true | undefined;
  readonly 'aria-describedby': string | undefined;
}

/** How a form's fields look: its own classes and the error text's part. */
export interface FieldLook {
  /** The field's class (label, control and the texts under it). */
  readonly className: string;
  readonly labelClassName?: string;
  readonly errorClassName: string;
  /** The error text's part (a host may style it), if it has one. */
  readonly errorPart?: string;
  /** The error text is announced as it appears (role alert); true unless false. */
  readonly errorAlert?: boolean;
}

export interface FieldProps {
  readonly look: FieldLook;
  /** The control's id; its error text's is `<id>-error`, its description's `<id>-description`. */
  readonly id: string;
  readonly label: ReactNode;
  /** More of the field's class (a modifier), after the look's. */
  readonly className?: string;
  /** What describes the control, always under it (`live`: said as it changes). */
  readonly description?: { readonly text: ReactNode; readonly className: string; readonly live?: boolean };
  /** The error text, or nothing. */
  readonly error: ReactNode | null | undefined;
  /** The control, given its id and wiring. */
  readonly children: (control: FieldControl) => ReactNode;
}

/** The error text's id for a control's id. */
export const fieldErrorId = (id: string): string => `${id}-error`;

export function Field({ look, id, label, className, description, error, children }: FieldProps) {
  const descriptionId = `${id}-description`;
  const errorId = fieldErrorId(id);
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={className ? `${look.className} ${className}` : look.className}>
      <label htmlFor={id} className={look.labelClassName}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {description ? (
        <p id={descriptionId} className={description.className} aria-live={description.live ? 'polite' : undefined}>
          {description.text}
        </p>
      ) : null}
      {error ? (
        <FieldError id={errorId} look={look}>
          {error}
        </FieldError>
      ) : null}
    </div>
  );
}

/** A field's error text (also for a control that is not a Field's: a group, a menu button). */
export function FieldError({ id, look, children }: { readonly id: string; readonly look: FieldLook; readonly children: ReactNode }) {
  return (
    <p id={id} className={look.errorClassName} part={look.errorPart} role={look.errorAlert === false ? undefined : 'alert'}>
      {children}
    </p>
  );
}
