import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai/react';
import { leadCategoryId } from '../../domain/funnel-form';
import { projectProblems, type ProjectDetails, type ProjectField } from '../../domain/funnel-lead';
import { projectQuestionsFor, URGENCY_OPTIONS, urgencyOptionFor, withAnswer } from '../../domain/funnel-questions';
import { formatPhoneInput } from '../../domain/phone';
import { safeHref } from '../../domain/safe-url';
import { parseChallengeBody } from '../../gateway/challenge';
import { describeGatewayError, isAbortError, type GatewayError } from '../../gateway/errors';
import type { MessageKey } from '../../i18n/en-US';
import { loadableOf } from '../../runtime/loadable';
import { useRuntime } from '../../runtime/runtime';
import { useStyles } from '../../runtime/styles';
import { Dialog } from '../../ui/dialog';
import dialogCss from '../../ui/dialog.css?inline';
import { cityStateAtom, funnelFormAtom, goToStepAtom, projectDetailsAtom, providerAtom, settleChallengeAtom, submitProjectAtom } from './funnel-atoms';

const STYLES = [dialogCss];
const cityStateLoadableAtom = loadableOf(cityStateAtom);

/** The fields in the order the form shows them (focus goes to the first one with a problem). */
const FIELD_ORDER: readonly ProjectField[] = ['lineOne', 'city', 'state', 'postalCode', 'firstName', 'lastName', 'email', 'phoneNumber'];

/** §5 messages for the contact fields (shared with the review form), ours for the address. */
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

/** An empty contact field: it is needed (ours; the §5 texts are for a value that is not valid). */
const EMPTY_CONTACT_TEXT: Readonly<Record<keyof ProjectDetails['contact'], MessageKey>> = {
  firstName: 'funnel.project.error.firstNameEmpty',
  lastName: 'funnel.project.error.lastNameEmpty',
  email: 'funnel.project.error.emailEmpty',
  phoneNumber: 'funnel.project.error.phoneNumberEmpty',
};

type Notice =
  | { readonly kind: 'challenge' | 'challengeFailed'; readonly url: string | null }
  | { readonly kind: 'failed'; readonly error: GatewayError | null };

/**
 * Where a person passes the gateway's challenge (its `challengeUrl`): a path on the gateway's
 * own origin (resolved against the client's base URL), or an https page; nothing else is linked.
 */
function challengeLink(error: GatewayError | null, baseURL: string): string | null {
  const url = parseChallengeBody(error?.body)?.challengeUrl;
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) {
    if (!baseURL) return url;
    try {
      const gateway = new URL(baseURL);
      const resolved = new URL(url, gateway);
      return resolved.origin === gateway.origin && /^https?:$/.test(resolved.protocol) ? resolved.href : null;
    } catch {
      return null;
    }
  }
  return safeHref(url);
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
    <div className="lk-funnel__field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        className="lk-input"
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className="lk-funnel__error" part="funnel-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Step 2, Project (§2 `app/lead/request_a_quote/{serviceProviderId}/project`): the questions for
 * the category, a description, the timing (default 'NA'), the address (and whether the pros see
 * it) and the contact fields, validated like the review form (§5). 'Review request' opens a
 * modal; 'Send request' there creates the lead (POST /v3/lead) with one Idempotency-Key per
 * request, so a double click or a retry never creates two. A 511 closes the modal (the create's
 * challenge callback), the host's challenge runs, and the create is replayed once. A failure
 * keeps everything typed (the details live in the funnel's store, in memory only).
 */
export function ProjectStep() {
  useStyles(STYLES);
  const { t, client } = useRuntime();
  const baseId = useId();
  const form = useAtomValue(funnelFormAtom);
  const provider = useAtomValue(providerAtom);
  const place = useAtomValue(cityStateLoadableAtom);
  const [details, setDetails] = useAtom(projectDetailsAtom);
  const submitProject = useSetAtom(submitProjectAtom);
  const settleChallenge = useSetAtom(settleChallengeAtom);
  const goToStep = useSetAtom(goToStepAtom);
  const [attempted, setAttempted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [focusField, setFocusField] = useState<{ field: ProjectField } | null>(null);
  const sendingRef = useRef(false);
  const fieldRefs = useRef<Partial<Record<ProjectField, HTMLInputElement | null>>>({});
  const idOf = (name: string) => `${baseId}-${name}`;

  // The address starts with what the entry step knows (the ZIP code, its city and state).
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || place.state === 'loading') return;
    prefilled.current = true;
    const known = place.state === 'hasData' ? place.data : null;
    setDetails((current) => {
      const { address } = current;
      const next = {
        ...address,
        city: address.city || known?.city || '',
        state: address.state || known?.stateAbbreviation || '',
        postalCode: address.postalCode || form.postalCode || '',
      };
      return next.city === address.city && next.state === address.state && next.postalCode === address.postalCode ? current : { ...current, address: next };
    });
  }, [place, form.postalCode, setDetails]);

  useEffect(() => {
    if (focusField) fieldRefs.current[focusField.field]?.focus();
  }, [focusField]);

  // A notice about the send shows right above 'Review request', where focus is back from the
  // modal; it pushes the button down, so the two are brought into view together.
  const submitRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (notice) submitRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [notice]);

  const problems = attempted ? projectProblems(details, form) : [];
  const errorOf = (field: ProjectField) => {
    if (!problems.includes(field)) return null;
    const contact = field in details.contact ? details.contact[field as keyof ProjectDetails['contact']] : null;
    return t(contact !== null && contact.trim() === '' ? EMPTY_CONTACT_TEXT[field as keyof ProjectDetails['contact']] : PROBLEM_TEXT[field]);
  };
  const fieldRef = (field: ProjectField) => (node: HTMLInputElement | null) => {
    fieldRefs.current[field] = node;
  };
  const update = (change: (current: ProjectDetails) => ProjectDetails) => setDetails(change);
  const setAddress = (field: keyof ProjectDetails['address'], value: string) => update((d) => ({ ...d, address: { ...d.address, [field]: value } }));
  const setContact = (field: keyof ProjectDetails['contact'], value: string) => update((d) => ({ ...d, contact: { ...d.contact, [field]: value } }));

  const categoryId = leadCategoryId(form);
  const categoryName = form.taskCategoryId !== null ? form.taskCategoryName : form.categoryName;
  const questions = projectQuestionsFor(categoryId);

  function review(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    setNotice(null);
    const found = projectProblems(details, form);
    const first = FIELD_ORDER.find((field) => found.includes(field));
    if (first) {
      setFocusField({ field: first });
      return;
    }
    setConfirming(true);
  }

  async function send() {
    // One request per click run: a click while sending or after the lead was created does nothing.
    if (sendingRef.current) return;
    sendingRef.current = true;
    setSending(true);
    const result = await submitProject({ onChallenge: () => setConfirming(false) });
    setSending(false);
    if (result.ok) return; // the funnel moves on to the suggestions (the click guard stays)
    sendingRef.current = false;
    setConfirming(false);
    if (result.problems?.length) {
      setAttempted(true);
      const first = FIELD_ORDER.find((field) => result.problems?.includes(field));
      if (first) setFocusField({ field: first });
      return;
    }
    if (result.challenge) {
      const url = challengeLink(result.error, client.baseURL);
      setNotice({ kind: 'challenge', url });
      // Passed: the replayed create moves the funnel on. Not passed: nothing was created. Passed
      // but no lead came back (a lost answer): a failed send, like any other (Send again keeps its key).
      const settled = await settleChallenge();
      if (settled.kind === 'not-passed') setNotice({ kind: 'challengeFailed', url });
      else if (settled.kind === 'failed') setNotice(isAbortError(settled.error) ? null : { kind: 'failed', error: settled.error });
      return;
    }
    if (result.error && isAbortError(result.error)) return;
    setNotice({ kind: 'failed', error: result.error });
  }

  if (categoryId === null || !categoryName) {
    return (
      <div className="lk-funnel__form">
        <p className="lk-funnel__error" role="alert">
          {t('funnel.entry.categoryRequired')}
        </p>
        <div className="lk-funnel__actions">
          <button type="button" className="lk-button" onClick={() => goToStep('entry')}>
            {t('funnel.back')}
          </button>
        </div>
      </div>
    );
  }

  let noticeView: ReactNode = null;
  if (notice?.kind === 'challenge' || notice?.kind === 'challengeFailed') {
    noticeView = (
      <div className="lk-funnel__notice" part="funnel-notice" role={notice.kind === 'challenge' ? 'status' : 'alert'} data-kind={notice.kind}>
        <p>{t(notice.kind === 'challenge' ? 'funnel.project.challenge' : 'funnel.project.challengeFailed')}</p>
        {notice.url ? (
          <a href={notice.url} target="_blank" rel="noopener noreferrer">
            {t('funnel.project.challengeLink')}
          </a>
        ) : null}
      </div>
    );
  } else if (notice?.kind === 'failed') {
    const description = describeGatewayError(notice.error);
    noticeView = (
      <div className="lk-funnel__notice" part="funnel-notice" role="alert" data-kind="failed">
        <p>{t('funnel.project.failed')}</p>
        <p className="lk-funnel__muted">
          {description.titleKey ? <span className="lk-funnel__status-title">{t(description.titleKey)}</span> : null}
          <span>{t(description.detailKey)}</span>
        </p>
      </div>
    );
  }

  const urgency = urgencyOptionFor(details.urgency);
  return (
    <>
      <form className="lk-funnel__form" part="funnel-project" noValidate onSubmit={review}>
        <dl className="lk-funnel__facts">
          <div>
            <dt>{t('funnel.project.service')}</dt>
            <dd>{categoryName}</dd>
          </div>
          {/* A deep link to the step has no ZIP code yet: the address below asks for it. */}
          {form.postalCode ? (
            <div>
              <dt>{t('funnel.entry.postalCode')}</dt>
              <dd>{form.postalCode}</dd>
            </div>
          ) : null}
          {provider ? (
            <div>
              <dt>{t('funnel.project.pro')}</dt>
              <dd>{provider.name}</dd>
            </div>
          ) : null}
        </dl>

        <fieldset className="lk-funnel__group">
          <legend className="lk-funnel__legend">{t('funnel.project.questions')}</legend>
          {questions.map((question) => {
            const questionText = t(`funnel.question.${question.id}` as MessageKey);
            const answer = details.answers.find((a) => a.questionText === questionText)?.answerText ?? null;
            return (
              <fieldset key={question.id} className="lk-funnel__choice">
                <legend>{questionText}</legend>
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
                <input
                  type="radio"
                  name={idOf('urgency')}
                  checked={urgency.id === option.id}
                  onChange={() => update((d) => ({ ...d, urgency: option.value }))}
                />
                {t(`funnel.urgency.${option.id}` as MessageKey)}
              </label>
            ))}
          </fieldset>
        </fieldset>

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

        {/* Beside the button that sent it: the modal closes onto 'Review request', so on a phone
            the customer sees what happened where they are, not a screen's height above. */}
        {noticeView}

        <div className="lk-funnel__actions">
          <button type="button" className="lk-button" data-variant="secondary" onClick={() => goToStep('entry')}>
            {t('funnel.back')}
          </button>
          <button ref={submitRef} type="submit" className="lk-button" part="funnel-submit">
            {t('funnel.project.submit')}
          </button>
        </div>
      </form>

      <Dialog open={confirming} onClose={() => !sending && setConfirming(false)} title={t('funnel.confirm.title')} closeLabel={t('dialog.close')} part="funnel-confirm">
        <div className="lk-funnel__confirm">
          <p>{provider ? t('funnel.confirm.toPro', { name: provider.name }) : t('funnel.confirm.toPros')}</p>
          <dl className="lk-funnel__facts">
            <div>
              <dt>{t('funnel.project.service')}</dt>
              <dd>{categoryName}</dd>
            </div>
            <div>
              <dt>{t('lead.projectTiming')}</dt>
              <dd>{t(`funnel.urgency.${urgency.id}` as MessageKey)}</dd>
            </div>
          </dl>
          <div className="lk-funnel__actions">
            <button type="button" className="lk-button" part="funnel-send" aria-disabled={sending || undefined} onClick={() => void send()}>
              {t('funnel.confirm.send')}
            </button>
            <button type="button" className="lk-button" data-variant="secondary" disabled={sending} onClick={() => setConfirming(false)}>
              {t('funnel.confirm.edit')}
            </button>
            <span className="lk-funnel__busy" role="status">
              {sending ? t('funnel.confirm.sending') : ''}
            </span>
          </div>
        </div>
      </Dialog>
    </>
  );
}

/** The steps' texts: they load with the step (its loader wraps it with them, step-loaders.ts). */
export { FUNNEL_STEP_CATALOGUE } from './funnel-step-messages';
