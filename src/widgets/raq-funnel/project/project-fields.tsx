import type { ReactNode, Ref } from 'react';
import { projectQuestionsFor, URGENCY_OPTIONS, urgencyOptionFor, withAnswer } from '../../../domain/funnel-questions';
import type { ProjectDetails, ProjectField } from '../../../domain/funnel/lead';
import { formatPhoneInput } from '../../../domain/core/phone';
import type { MessageKey } from '../../../i18n/en-US';
import { useRuntime } from '../../../runtime/runtime';
import { Field } from '../../../ui/field';
import { FUNNEL_FIELD } from '../funnel-form-look';

/** The project step's fields (project-step.tsx): its three groups and their error texts. */

/** The fields in the order the form shows them (focus goes to the first one with a problem). */
export const FIELD_ORDER: readonly ProjectField[] = ['lineOne', 'city', 'state', 'postalCode', 'firstName', 'lastName', 'email', 'phoneNumber'];

/** The spec's messages for the contact fields (shared with the review form), ours for the address. */
const PROBLEM_TEXT: Readonly<Record<ProjectField, MessageKey>> = {
  firstName: 'validation.firstName',
  lastName: 'validation.lastName',
  email: 'validation.email',
  phoneNumber: 'validation.phone',
  lineOne: 'funnel.project.error.lineOne',
  city: 'funnel.project.error.city',
  state: 'funnel.project.error.state',
  postalCode: 'funnel.entry.postalCodeInvalid',
};

/** An empty contact field: it is needed (ours; the spec's texts are for a value that is not valid). */
const EMPTY_CONTACT_TEXT: Readonly<Record<keyof ProjectDetails['contact'], MessageKey>> = {
  firstName: 'funnel.project.error.firstNameEmpty',
  lastName: 'funnel.project.error.lastNameEmpty',
  email: 'funnel.project.error.emailEmpty',
  phoneNumber: 'funnel.project.error.phoneNumberEmpty',
};

/** A field's error text once the customer tried to go on (`problems`), or null. */
export function fieldError(t: (key: MessageKey) => string, details: ProjectDetails, problems: readonly ProjectField[], field: ProjectField): string | null {
  if (!problems.includes(field)) return null;
  const contact = field in details.contact ? details.contact[field as keyof ProjectDetails['contact']] : null;
  return t(contact !== null && contact.trim() === '' ? EMPTY_CONTACT_TEXT[field as keyof ProjectDetails['contact']] : PROBLEM_TEXT[field]);
}

interface TextFieldProps {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error: string | null;
  readonly type?: 'text' | 'email' | 'tel';
  readonly autoComplete: string;
  readonly inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  readonly maxLength?: number;
  readonly inputRef?: Ref<HTMLInputElement>;
}

/** A labelled text field with its error text (visible, announced, tied to the field). */
function TextField({ id, label, value, onChange, error, type = 'text', autoComplete, inputMode, maxLength, inputRef }: TextFieldProps) {
  return (
    <Field look={FUNNEL_FIELD} id={id} label={label} error={error}>
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          className="lk-input"
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          maxLength={maxLength}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** What each group of the form gets: the details, how to change them, ids, errors and the refs focus goes to. */
export interface FieldGroupProps {
  readonly details: ProjectDetails;
  readonly update: (change: (current: ProjectDetails) => ProjectDetails) => void;
  readonly idOf: (name: string) => string;
  readonly errorOf: (field: ProjectField) => string | null;
  readonly fieldRef: (field: ProjectField) => (node: HTMLInputElement | null) => void;
}

/** The category's questions, the description and the timing. */
export function ProjectQuestions({
  categoryId,
  details,
  update,
  idOf,
}: Pick<FieldGroupProps, 'details' | 'update' | 'idOf'> & { readonly categoryId: number }): ReactNode {
  const { t } = useRuntime();
  const questions = projectQuestionsFor(categoryId);
  const urgency = urgencyOptionFor(details.urgency);
  return (
    <fieldset className="lk-funnel__group">
      <legend className="lk-funnel__legend">{t('funnel.project.questions')}</legend>
      {questions.map((question) => {
        const questionText = t(`funnel.question.${question.id}` as MessageKey);
        const answer = details.answers.find((a) => a.questionText === questionText)?.answerText ?? null;
        return (
          <fieldset key={question.id} className="lk-funnel__choice">
            <legend dir="auto">{questionText}</legend>
            {question.options.map((option) => {
              const answerText = t(`funnel.question.${question.id}.${option}` as MessageKey);
              return (
                <label key={option} className="lk-funnel__option">
                  <input
                    type="radio"
                    name={idOf(question.id)}
                    checked={answer === answerText}
                    onChange={() => update((d) => ({ ...d, answers: withAnswer(d.answers, questionText, answerText) }))}
                  />
                  {answerText}
                </label>
              );
            })}
          </fieldset>
        );
      })}
      <div className="lk-funnel__field">
        <label htmlFor={idOf('description')}>{t('funnel.project.description')}</label>
        <textarea
          dir="auto"
          id={idOf('description')}
          className="lk-input lk-funnel__textarea"
          rows={4}
          value={details.description}
          onChange={(event) => update((d) => ({ ...d, description: event.target.value }))}
        />
      </div>
      <fieldset className="lk-funnel__choice">
        <legend>{t('lead.projectTiming')}</legend>
        {URGENCY_OPTIONS.map((option) => (
          <label key={option.id} className="lk-funnel__option">
            <input type="radio" name={idOf('urgency')} checked={urgency.id === option.id} onChange={() => update((d) => ({ ...d, urgency: option.value }))} />
            {t(`funnel.urgency.${option.id}` as MessageKey)}
          </label>
        ))}
      </fieldset>
    </fieldset>
  );
}

/** The address, and whether the pros see it. */
export function AddressFields({ details, update, idOf, errorOf, fieldRef }: FieldGroupProps): ReactNode {
  const { t } = useRuntime();
  const setAddress = (field: keyof ProjectDetails['address'], value: string) => update((d) => ({ ...d, address: { ...d.address, [field]: value } }));
  return (
    <fieldset className="lk-funnel__group">
      <legend className="lk-funnel__legend">{t('funnel.project.address')}</legend>
      <TextField
        id={idOf('lineOne')}
        inputRef={fieldRef('lineOne')}
        label={t('funnel.project.lineOne')}
        autoComplete="address-line1"
        value={details.address.lineOne}
        onChange={(value) => setAddress('lineOne', value)}
        error={errorOf('lineOne')}
      />
      <TextField
        id={idOf('lineTwo')}
        label={t('funnel.project.lineTwo')}
        autoComplete="address-line2"
        value={details.address.lineTwo}
        onChange={(value) => setAddress('lineTwo', value)}
        error={null}
      />
      <div className="lk-funnel__row">
        <TextField
          id={idOf('city')}
          inputRef={fieldRef('city')}
          label={t('funnel.project.city')}
          autoComplete="address-level2"
          value={details.address.city}
          onChange={(value) => setAddress('city', value)}
          error={errorOf('city')}
        />
        <TextField
          id={idOf('state')}
          inputRef={fieldRef('state')}
          label={t('funnel.project.state')}
          autoComplete="address-level1"
          value={details.address.state}
          onChange={(value) => setAddress('state', value)}
          error={errorOf('state')}
        />
        <TextField
          id={idOf('postalCode')}
          inputRef={fieldRef('postalCode')}
          label={t('funnel.entry.postalCode')}
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={5}
          value={details.address.postalCode}
          onChange={(value) => setAddress('postalCode', value.replace(/\D/g, '').slice(0, 5))}
          error={errorOf('postalCode')}
        />
      </div>
      <label className="lk-funnel__option">
        <input type="checkbox" checked={details.showAddress} onChange={(event) => update((d) => ({ ...d, showAddress: event.target.checked }))} />
        {t('funnel.project.showAddress')}
      </label>
    </fieldset>
  );
}

/** The customer's contact details. */
export function ContactFields({ details, update, idOf, errorOf, fieldRef }: FieldGroupProps): ReactNode {
  const { t } = useRuntime();
  const setContact = (field: keyof ProjectDetails['contact'], value: string) => update((d) => ({ ...d, contact: { ...d.contact, [field]: value } }));
  return (
    <fieldset className="lk-funnel__group">
      <legend className="lk-funnel__legend">{t('funnel.project.contact')}</legend>
      <div className="lk-funnel__row">
        <TextField
          id={idOf('firstName')}
          inputRef={fieldRef('firstName')}
          label={t('funnel.project.firstName')}
          autoComplete="given-name"
          value={details.contact.firstName}
          onChange={(value) => setContact('firstName', value)}
          error={errorOf('firstName')}
        />
        <TextField
          id={idOf('lastName')}
          inputRef={fieldRef('lastName')}
          label={t('funnel.project.lastName')}
          autoComplete="family-name"
          value={details.contact.lastName}
          onChange={(value) => setContact('lastName', value)}
          error={errorOf('lastName')}
        />
      </div>
      <TextField
        id={idOf('email')}
        inputRef={fieldRef('email')}
        label={t('funnel.project.email')}
        type="email"
        autoComplete="email"
        value={details.contact.email}
        onChange={(value) => setContact('email', value)}
        error={errorOf('email')}
      />
      <TextField
        id={idOf('phoneNumber')}
        inputRef={fieldRef('phoneNumber')}
        label={t('funnel.project.phone')}
        type="tel"
        autoComplete="tel-national"
        value={details.contact.phoneNumber}
        onChange={(value) => setContact('phoneNumber', formatPhoneInput(value))}
        error={errorOf('phoneNumber')}
      />
    </fieldset>
  );
}
