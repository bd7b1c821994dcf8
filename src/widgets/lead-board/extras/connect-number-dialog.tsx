import { useId, useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent, type MouseEvent } from 'react';
import {
  CONNECT_NUMBER_FIELD_ORDER,
  toRegisteredNumberRequest,
  validateConnectNumber,
  type ConnectNumberField,
  type ConnectNumberValues,
} from '../../../domain/connect-number';
import { digitsOnly, formatPhoneInput } from '../../../domain/core/phone';
import { isAbortError, isGatewayError } from '../../../gateway/core/errors';
import { registerPhoneNumber } from '../../../gateway/office/registered-numbers';
import type { RegisteredNumber } from '../../../gateway/office/registered-number-schemas';
import type { MessageKey } from '../../../i18n/en-US';
import { useRuntime } from '../../../runtime/runtime';
import { useStyles } from '../../../runtime/styles';
import { Dialog } from '../../../ui/dialog';
import dialogCss from '../../../ui/dialog.css?inline';
import { Field, type FieldLook } from '../../../ui/field';
import connectNumberCss from './connect-number.css?inline';

export interface ConnectNumberDialogProps {
  /** Shown while true. Each opening starts with an empty form. */
  open: boolean;
  /** ×, Esc, 'Got it' and 'Add another number' ask to close; the parent sets `open` to false. */
  onClose: () => void;
  /** The provider the number is connected for. */
  spId: number;
  /** Told once the number is saved (e.g. to stop offering the connect action on the card). */
  onConnected?: (number: RegisteredNumber) => void;
}

/** Both stylesheets the dialog shows, adopted by the dialog itself (one constant: adopted once). */
const STYLES = [dialogCss, connectNumberCss];

/** The dialog's fields (connect-number.css): their error text is not an alert (the field is focused with it). */
const LOOK: FieldLook = {
  className: 'lk-connect-number__field',
  labelClassName: 'lk-connect-number__label',
  errorClassName: 'lk-connect-number__error',
  errorAlert: false,
};

/** The gateway's limit on a connected number's name (RegisterNumberRequestSchema). */
const NAME_MAX_LENGTH = 100;

/**
 * The connect-your-numbers modal, then 'Phone number
 * added!' in the same dialog.
 *
 * Decisions:
 * - Validation runs on Save (the spec's texts); a field's message goes when that field is edited.
 *   Focus goes to the first invalid field, whose message is its description.
 * - While saving, Save is aria-disabled rather than disabled: a disabled focused button drops
 *   focus to the page; a second click or Enter is ignored, so one click sends one request.
 * - The phone keeps the caret after the same digit while the mask adds or drops separators.
 * - A 409 is shown under the number field and focuses it; any other failure is an alert under
 *   the form; the typed values stay.
 */
export function ConnectNumberDialog(props: ConnectNumberDialogProps) {
  useStyles(STYLES);
  // A fresh form on every opening: the session remounts when `open` turns true.
  const [session, setSession] = useState(0);
  const [wasOpen, setWasOpen] = useState(props.open);
  if (props.open !== wasOpen) {
    setWasOpen(props.open);
    if (props.open) setSession((n) => n + 1);
  }
  return <ConnectNumberSession key={session} {...props} />;
}

type Step = 'form' | 'added';
type FieldErrors = Partial<Record<ConnectNumberField, MessageKey>>;

function ConnectNumberSession({ open, onClose, spId, onConnected }: ConnectNumberDialogProps) {
  const { t, client, routes, onLinkClick } = useRuntime();
  const ids = useId();
  const [values, setValues] = useState<ConnectNumberValues>({ name: '', phone: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [step, setStep] = useState<Step>('form');
  const savingRef = useRef(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** Field to focus after the next render (errors shown first, so the description is there). */
  const [focusField, setFocusField] = useState<ConnectNumberField | null>(null);
  /** Digits left of the caret in the phone field after the last edit. */
  const phoneCaret = useRef<number | null>(null);

  useLayoutEffect(() => {
    if (focusField === null) return;
    (focusField === 'name' ? nameRef : phoneRef).current?.focus();
    setFocusField(null);
  }, [focusField]);

  useLayoutEffect(() => {
    // The success step replaces the form (and the focused Save): its heading takes focus.
    if (step === 'added') headingRef.current?.focus();
  }, [step]);

  useLayoutEffect(() => {
    const input = phoneRef.current;
    const digitsBefore = phoneCaret.current;
    phoneCaret.current = null;
    // Only for an edit in the focused field (its root's activeElement: it may be a shadow root).
    if (!input || digitsBefore === null) return;
    const root = input.getRootNode() as Partial<DocumentOrShadowRoot>;
    if (root.activeElement !== input) return;
    const position = caretAfterDigits(input.value, digitsBefore);
    input.setSelectionRange(position, position);
    // Every edit, even one the mask undid (a letter typed): React rewrote the value, so the caret.
  }, [values]);

  const change = (field: ConnectNumberField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const onPhoneChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    const caret = event.target.selectionStart ?? raw.length;
    // '+1' is a country code formatPhoneInput drops: its 1 is not a digit of the number.
    const countryDigits = raw.trimStart().startsWith('+1') && caret >= raw.indexOf('+1') + 2 ? 1 : 0;
    phoneCaret.current = Math.max(0, digitsOnly(raw.slice(0, caret)).length - countryDigits);
    change('phone', formatPhoneInput(raw));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (savingRef.current) return;
    const found = validateConnectNumber(values);
    setFailed(false);
    setErrors(found);
    const firstInvalid = CONNECT_NUMBER_FIELD_ORDER.find((field) => found[field]);
    if (firstInvalid) {
      setFocusField(firstInvalid);
      return;
    }
    savingRef.current = true;
    setSaving(true);
    try {
      // The answer is not read (any 2xx is success): the number connected is the one sent.
      const request = toRegisteredNumberRequest(spId, values);
      await registerPhoneNumber(client, request);
      setStep('added');
      onConnected?.(request);
    } catch (error) {
      if (isAbortError(error)) return;
      if (isGatewayError(error) && error.status === 409) {
        setErrors({ phone: 'error.numberConnected' });
        setFocusField('phone');
      } else {
        setFailed(true);
      }
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  };

  const onAddAnother = (event: MouseEvent<HTMLAnchorElement>) => {
    onLinkClick(event, 'connected-numbers');
    // A new-tab click leaves this page as it is; otherwise the modal is done.
    const newTab = event.metaKey || event.ctrlKey || event.shiftKey || event.button === 1;
    if (!newTab) onClose();
  };

  const errorOf = (field: ConnectNumberField) => {
    const error = errors[field];
    return error ? t(error) : null;
  };

  // 'Add another number' only with the host's route to its page, and a URL the gate let through.
  const connectedNumbers = step === 'added' ? routes.connectedNumbers?.({ serviceProviderId: spId }) : null;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={step === 'added' ? t('connectNumber.added') : t('connectNumber.title')}
      closeLabel={t('dialog.close')}
      headingRef={headingRef}
      part="connect-number"
    >
      {step === 'added' ? (
        <div className="lk-connect-number__actions">
          <button type="button" className="lk-button" onClick={onClose}>
            {t('connectNumber.gotIt')}
          </button>
          {connectedNumbers ? (
            <a className="lk-button" data-variant="secondary" href={connectedNumbers} onClick={onAddAnother}>
              {t('connectNumber.addAnother')}
            </a>
          ) : null}
        </div>
      ) : (
        <form className="lk-connect-number" noValidate aria-busy={saving || undefined} onSubmit={submit}>
          <Field look={LOOK} id={`${ids}-name`} label={t('connectNumber.name')} error={errorOf('name')}>
            {(control) => (
              <input
                ref={nameRef}
                className="lk-input lk-connect-number__input"
                name="name"
                type="text"
                autoComplete="off"
                maxLength={NAME_MAX_LENGTH}
                value={values.name}
                onChange={(event) => change('name', event.target.value)}
                {...control}
                readOnly={saving}
              />
            )}
          </Field>
          <Field look={LOOK} id={`${ids}-phone`} label={t('connectNumber.phone')} error={errorOf('phone')}>
            {(control) => (
              <input
                ref={phoneRef}
                className="lk-input lk-connect-number__input"
                name="phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                value={values.phone}
                onChange={onPhoneChange}
                {...control}
                readOnly={saving}
              />
            )}
          </Field>
          {failed ? (
            <p role="alert" className="lk-connect-number__failure">
              {t('error.saveNumber')}
            </p>
          ) : null}
          <div className="lk-connect-number__actions">
            <button type="submit" className="lk-button" aria-disabled={saving || undefined}>
              {t('connectNumber.save')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/** Position in a formatted phone right after its `digits`-th digit (0: before the first). */
function caretAfterDigits(formatted: string, digits: number): number {
  if (digits <= 0) {
    const first = formatted.search(/\d/);
    return first === -1 ? formatted.length : first;
  }
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!)) seen++;
    if (seen === digits) return i + 1;
  }
  return formatted.length;
}
